/**
 * The Forms area of the config area (issue 4, item 8): the site's forms and newsletter lists;
 * a form's submissions (searchable, newest first, loaded a page at a time), each opened by label,
 * deleted after a confirmation, exported as CSV; a list's subscribers likewise; erasing everything
 * one email address left on the site; the form retention setting; and editing a form's fields and
 * settings tabs (seed 001 §3) until the visual editor arrives. Roles that only read forms see the
 * forms and their settings, never what visitors sent, and no controls that change anything. One
 * file per view in this folder; this one picks the view.
 */
import { useCallback, useState } from 'react';
import { canAccess } from '../../domain/permissions';
import { EditFormView } from './edit-form';
import { FormsList } from './forms-list';
import type { View, Viewer } from './shared';
import { SubmissionView } from './submission';
import { SubmissionsView } from './submissions';
import { SubscribersView } from './subscribers';
import './forms.css';

export function FormsScreen({ me }: { me: Viewer }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  // The first view keeps focus on the navigation; later views take it to their heading.
  const [moved, setMoved] = useState(false);
  const go = useCallback((next: View) => {
    setMoved(true);
    setView(next);
  }, []);
  const writable = me.role !== null && canAccess(me.role, 'forms', 'write');
  switch (view.kind) {
    case 'submissions':
      return <SubmissionsView key={view.formId} formId={view.formId} notice={view.notice} go={go} focus={moved} />;
    case 'submission':
      return <SubmissionView formId={view.formId} id={view.id} go={go} />;
    case 'edit':
      return <EditFormView formId={view.formId} writable={writable} go={go} />;
    case 'subscribers':
      return <SubscribersView listId={view.listId} go={go} />;
    default:
      return <FormsList me={me} writable={writable} notice={view.notice} go={go} focus={moved} />;
  }
}
