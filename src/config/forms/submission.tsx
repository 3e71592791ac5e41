/** One submission: every field by its label, where it was sent from, and deleting it after a confirmation. */
import { useEffect, useState } from 'react';
import { okAnswer } from '../../contracts/common';
import { submissionDetail, type SubmissionDetail } from '../../contracts/forms';
import { call } from '../shared/api';
import { errorText, Messages } from '../shared/ui';
import { Back, confirmDelete, Heading, when, type View } from './shared';

export function SubmissionView({ formId, id, go }: { formId: string; id: number; go: (v: View) => void }) {
  const [detail, setDetail] = useState<SubmissionDetail>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(submissionDetail, 'GET', `/api/config/forms/${formId}/submissions/${id}`).then(setDetail, (err: unknown) => setError(errorText(err)));
  }, [formId, id]);
  const back = () => go({ kind: 'submissions', formId });
  return (
    <section className="forms-screen">
      <Back onClick={back}>Back to the submissions</Back>
      <Heading focus>Submission {detail ? `of ${when(detail.createdAt)}` : ''}</Heading>
      <Messages error={error} />
      {!detail && !error ? <p role="status">Loading the submission…</p> : null}
      {detail ? (
        <>
          <dl className="submission">
            {detail.fields.map((f) => (
              <div key={f.id}>
                <dt>{f.label}</dt>
                <dd>{f.text === '' ? <span className="hint">(left empty)</span> : f.text}</dd>
              </div>
            ))}
            <div>
              <dt>Sent from</dt>
              <dd>
                {detail.page.title} ({detail.page.path})
              </dd>
            </div>
          </dl>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              void confirmDelete().then((answer) => {
                if (answer !== 'confirm') return;
                call(okAnswer, 'DELETE', `/api/config/forms/${formId}/submissions/${id}`).then(
                  () => go({ kind: 'submissions', formId, notice: `Deleted the submission of ${when(detail.createdAt)}.` }),
                  (err: unknown) => setError(errorText(err)),
                );
              });
            }}
          >
            Delete this submission
          </button>
        </>
      ) : null}
    </section>
  );
}
