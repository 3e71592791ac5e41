/**
 * The webhook's signing secret (docs/webhooks.md): the secret itself right after it was made (the
 * only time it is shown), otherwise when it was made, and "Make a new secret" for roles that edit
 * forms.
 */
import { useId, useState } from 'react';
import { webhookSecretAnswer, type WebhookSecretAnswer } from '../../contracts/forms';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { errorText, Messages } from '../shared/ui';
import { when } from './shared';

export function WebhookSecret({
  formId,
  answer,
  writable,
  onMade,
}: {
  formId: string;
  answer: WebhookSecretAnswer;
  writable: boolean;
  onMade: (a: WebhookSecretAnswer) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const id = useId();
  const copy = (secret: string) =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('Copied the secret.'),
      () => setCopied('Copying is not allowed here: select the secret and copy it yourself.'),
    );
  const renew = () =>
    void showConfirmation({
      title: 'Make a new signing secret?',
      text: 'Deliveries from now on are signed with the new secret: give it to your receiver, which will refuse them until it has it.',
      confirmLabel: 'Make a new secret',
    }).then((outcome) => {
      if (outcome !== 'confirm') return;
      setBusy(true);
      setError(null);
      call(webhookSecretAnswer, 'POST', `/api/config/forms/${formId}/webhook-secret`)
        .then(onMade, (err: unknown) => setError(errorText(err)))
        .finally(() => setBusy(false));
    });
  return (
    <section aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Webhook signing secret</h4>
      {answer.webhookSecret ? (
        <>
          <p className="field-hint" id={`${id}-hint`}>
            Copy it to your receiver now: it is shown only this once. Each delivery is signed with it (webhook-signature header, Standard Webhooks).
          </p>
          <input
            className="webhook-secret"
            type="text"
            readOnly
            aria-label="Webhook signing secret"
            aria-describedby={`${id}-hint`}
            value={answer.webhookSecret}
            onFocus={(e) => e.target.select()}
          />
        </>
      ) : (
        <p className="field-hint">
          {answer.webhookSecretMadeAt
            ? `Each delivery is signed (Standard Webhooks) with a secret made ${when(answer.webhookSecretMadeAt)}. It was shown once; make a new one if your receiver does not have it.`
            : 'Each delivery is signed (Standard Webhooks) with a secret made at the first delivery. Make a new one to see it.'}
        </p>
      )}
      <div className="button-row">
        {answer.webhookSecret ? (
          <button type="button" className="secondary" onClick={() => void copy(answer.webhookSecret!)}>
            Copy secret
          </button>
        ) : null}
        {writable ? (
          <button type="button" className="secondary" disabled={busy} onClick={renew}>
            Make a new secret
          </button>
        ) : null}
      </div>
      {copied ? (
        <p role="status" className="form-done">
          {copied}
        </p>
      ) : null}
      <Messages error={error} />
    </section>
  );
}
