/** Erasing everything one email address left on the site: its form submissions and newsletter subscriptions, after a confirmation. */
import { useId, useState } from 'react';
import { erasedAnswer } from '../../contracts/forms';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { errorText, Messages } from '../shared/ui';
import { plural } from './shared';

export function EraseSection({ onErased }: { onErased: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Erase a person&apos;s data</h2>
      <p className="hint" id={`${id}-hint`}>
        When someone asks you to delete what they sent, enter their email address: every form submission holding it and every newsletter subscription of it on
        this site are deleted. This cannot be undone.
      </p>
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setDone(null);
          const address = email.trim();
          if (!address) return setError('Enter the email address whose data to erase.');
          void showConfirmation({
            title: 'Erase this person’s data?',
            text: `Every form submission holding ${address} and its newsletter subscriptions on this site will be deleted. This cannot be undone.`,
            confirmLabel: 'Erase',
          }).then((answer) => {
            if (answer !== 'confirm') return;
            setBusy(true);
            call(erasedAnswer, 'POST', '/api/config/forms/erase', { email: address })
              .then(
                (res) => {
                  setDone(
                    `Erased ${plural(res.submissions, 'form submission', 'form submissions')} and ${plural(res.subscribers, 'newsletter subscription', 'newsletter subscriptions')} of ${address}.`,
                  );
                  setEmail('');
                  onErased();
                },
                (err: unknown) => setError((err as { body?: { errors?: Record<string, string> } }).body?.errors?.email ?? errorText(err)),
              )
              .finally(() => setBusy(false));
          });
        }}
      >
        <label>
          Email address to erase
          <input type="email" value={email} aria-describedby={`${id}-hint`} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          Erase data
        </button>
      </form>
      <Messages error={error} done={done} />
    </section>
  );
}
