/**
 * Store → Payments' card payments through the owner's own Stripe account (src/contracts/payments.ts).
 * Not connected: what it offers, the three steps in Stripe's dashboard (the API keys; the webhook
 * endpoint, its address and events each copied with a click; the endpoint's signing secret) and the
 * form that takes the keys. Connected: the account, whether its keys are Stripe's test or live ones,
 * which keys are stored (the secret key only by its last four characters, all the server gives
 * back), whether webhooks are signed, the endpoint again, and changing the keys or disconnecting
 * once the owner confirms. The server checks a new secret key with Stripe before it keeps it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { PAYMENTS_API, STRIPE_SECRET_OVERLAP_HOURS, stripeConnection, type StripeConnection, type StripeConnectionBody } from '../../contracts/payments';
import { format } from '../../messages/format';
import { showConfirmation } from '../../ui/dialogs/show';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { Messages, useSave } from '../shared/ui';
import { words } from './payments-words';

/** The keys as typed in the form. */
export type TypedKeys = { publishableKey: string; secretKey: string; webhookSecret: string };

/** The body of a connection or a change of keys: each key trimmed, a secret left empty left out so the stored one is kept. */
export function connectionBody(keys: TypedKeys): StripeConnectionBody {
  const secretKey = keys.secretKey.trim();
  const webhookSecret = keys.webhookSecret.trim();
  return { publishableKey: keys.publishableKey.trim(), ...(secretKey ? { secretKey } : {}), ...(webhookSecret ? { webhookSecret } : {}) };
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The address and the events to give Stripe for the store's webhook endpoint, each copied with a click. */
function WebhookEndpoint({ stripe }: { stripe: StripeConnection }) {
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const eventsId = useId();
  // No clipboard on a page served over plain HTTP (a store reached by its IP address): the promise then rejects too.
  const copy = (text: string, done: string) =>
    void Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => setNote({ text: done, ok: true }),
        () => setNote({ text: words.stripeCopyRefused, ok: false }),
      );
  return (
    <div className="stripe-endpoint">
      <Field label={words.stripeWebhookUrl} hint={words.stripeWebhookUrlHint}>
        {(c) => (
          <div className="stripe-copy">
            <input {...c} type="text" readOnly value={stripe.webhookUrl} spellCheck={false} onFocus={(e) => e.target.select()} />
            <button type="button" className="secondary" onClick={() => copy(stripe.webhookUrl, words.stripeCopiedUrl)}>
              {words.stripeCopyUrl}
            </button>
          </div>
        )}
      </Field>
      <div className="field">
        <p className="field-label" id={eventsId}>
          {words.stripeEvents}
        </p>
        <ul className="stripe-events" aria-labelledby={eventsId}>
          {stripe.events.map((event) => (
            <li key={event}>
              <code>{event}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="secondary" onClick={() => copy(stripe.events.join('\n'), words.stripeCopiedEvents)}>
          {words.stripeCopyEvents}
        </button>
      </div>
      {note ? (
        <p className={note.ok ? 'form-done' : 'field-hint'} role="status">
          {note.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The three keys: to connect, or to change them once connected, where an empty secret field keeps
 * the stored one. `focusFirst` when the owner opened it, so the keyboard lands in its first field.
 */
function KeysForm(props: {
  stripe: StripeConnection;
  labelledBy: string;
  busy: string | null;
  fieldErrors: Record<string, string>;
  focusFirst: boolean;
  onSubmit: (body: StripeConnectionBody) => void;
  onCancel?: () => void;
}) {
  const { stripe, busy, fieldErrors } = props;
  const [keys, setKeys] = useState<TypedKeys>({ publishableKey: stripe.publishableKey ?? '', secretKey: '', webhookSecret: '' });
  const first = useRef<HTMLInputElement>(null);
  const { focusFirst } = props;
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  const set = (change: Partial<TypedKeys>) => setKeys({ ...keys, ...change });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(connectionBody(keys));
  };
  const keepSecretKey = stripe.connected && stripe.secretKeyEnding;
  const keepWebhookSecret = stripe.connected && stripe.webhookSecretSet;
  // Stripe's keys are not words: no spelling marks, capitals or offers to fill them in.
  const keyInput = { autoComplete: 'off', spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } as const;
  return (
    <form className="stripe-keys" aria-labelledby={props.labelledBy} aria-busy={busy !== null} onSubmit={submit} noValidate>
      <Field label={words.stripePublishableKey} hint={words.stripePublishableKeyHint} error={fieldErrors.publishableKey}>
        {(c) => <input {...c} {...keyInput} ref={first} type="text" value={keys.publishableKey} onChange={(e) => set({ publishableKey: e.target.value })} />}
      </Field>
      <Field
        label={words.stripeSecretKey}
        hint={keepSecretKey ? format(words.stripeKeepSecretKey, { ending: keepSecretKey }) : words.stripeSecretKeyHint}
        error={fieldErrors.secretKey}
      >
        {(c) => <input {...c} {...keyInput} type="password" value={keys.secretKey} onChange={(e) => set({ secretKey: e.target.value })} />}
      </Field>
      <Field
        label={words.stripeWebhookSecret}
        hint={keepWebhookSecret ? format(words.stripeKeepWebhookSecret, { hours: STRIPE_SECRET_OVERLAP_HOURS }) : words.stripeWebhookSecretHint}
        error={fieldErrors.webhookSecret}
      >
        {(c) => <input {...c} {...keyInput} type="password" value={keys.webhookSecret} onChange={(e) => set({ webhookSecret: e.target.value })} />}
      </Field>
      <div className="button-row stripe-actions">
        <button type="submit" disabled={busy !== null}>
          {stripe.connected ? words.stripeSaveKeys : words.stripeConnect}
        </button>
        {props.onCancel ? (
          <button type="button" className="secondary" disabled={busy !== null} onClick={props.onCancel}>
            {words.cancel}
          </button>
        ) : null}
        {busy ? (
          <span className="pricing-muted" role="status">
            {busy}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** What is stored of a connected account, and what it means for shoppers. */
function ConnectedState({ stripe }: { stripe: StripeConnection }) {
  const test = stripe.mode === 'test';
  return (
    <>
      <p className="stripe-account">{stripe.accountName ? format(words.stripeConnectedTo, { account: stripe.accountName }) : words.stripeConnectedUnnamed}</p>
      <p className={test ? 'store-note' : 'pricing-muted'}>{test ? words.stripeTestKeys : words.stripeLiveKeys}</p>
      <dl className="stripe-facts">
        <dt>{words.stripePublishableKey}</dt>
        <dd>
          <code>{stripe.publishableKey}</code>
        </dd>
        <dt>{words.stripeSecretKey}</dt>
        <dd>{stripe.secretKeyEnding ? format(words.stripeSecretKeyEnding, { ending: stripe.secretKeyEnding }) : null}</dd>
        <dt>{words.stripeWebhookSecret}</dt>
        <dd className={stripe.webhookSecretSet ? undefined : 'stripe-missing'}>
          {stripe.webhookSecretSet ? words.stripeWebhookSecretSet : words.stripeWebhookSecretMissing}
        </dd>
      </dl>
      {stripe.webhookSecretSet ? null : <p className="store-note">{words.stripeWebhookMissing}</p>}
      {stripe.previousWebhookSecretUntil ? (
        <p className="pricing-muted">{format(words.stripePreviousUntil, { when: dateTime.format(new Date(stripe.previousWebhookSecretUntil)) })}</p>
      ) : null}
    </>
  );
}

/**
 * The card. `onChange` takes the connection each call answers, so the rest of the screen (what
 * test mode means) follows it; focus goes to the card's heading once the form it was in is gone.
 */
export function StripeConnectionCard({
  stripe,
  writable,
  onChange,
}: {
  stripe: StripeConnection;
  writable: boolean;
  onChange: (stripe: StripeConnection) => void;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const changeKeys = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [busyText, setBusyText] = useState('');
  const { error, fieldErrors, done, busy, save } = useSave('');
  const messages = useRef<HTMLDivElement>(null);
  // A refusal no field carries (Stripe unreachable) is shown at the top of the card, far above the button on a phone.
  const unplaced = error !== null && Object.keys(fieldErrors).length === 0;
  useEffect(() => {
    if (unplaced) messages.current?.scrollIntoView({ block: 'nearest' });
  }, [unplaced, error]);
  const send = (body: StripeConnectionBody | null, message: string) =>
    save(
      () =>
        call(stripeConnection, body ? 'PUT' : 'DELETE', PAYMENTS_API.STRIPE, body ?? undefined).then((answer) => {
          onChange(answer);
          setEditing(false);
        }),
      () => heading.current?.focus(),
      message,
    );
  const submit = (body: StripeConnectionBody) => {
    // Only a new secret key (or a first connection) is checked with Stripe; a new webhook secret is just kept.
    setBusyText(body.secretKey !== undefined || !stripe.connected ? words.stripeChecking : words.stripeSaving);
    send(body, stripe.connected ? words.stripeKeysSaved : words.stripeConnected);
  };
  const disconnect = () =>
    void showConfirmation({
      title: words.stripeDisconnectTitle,
      text: words.stripeDisconnectText,
      confirmLabel: words.stripeDisconnect,
      cancelLabel: words.cancel,
    }).then((outcome) => {
      if (outcome !== 'confirm') return;
      setBusyText(words.stripeDisconnecting);
      send(null, words.stripeDisconnected);
    });
  const cancel = () => {
    flushSync(() => setEditing(false));
    changeKeys.current?.focus();
  };
  const formProps = { stripe, labelledBy: titleId, busy: busy ? busyText : null, fieldErrors, onSubmit: submit };
  return (
    <section className="store-card stripe-card" aria-labelledby={titleId}>
      <div className="stripe-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {words.stripeTitle}
        </h2>
        <span className={`stripe-badge stripe-badge-${stripe.connected ? 'on' : 'off'}`}>
          {stripe.connected ? words.stripeConnectedBadge : words.stripeNotConnectedBadge}
        </span>
        {stripe.connected && stripe.mode ? (
          <span className={`stripe-badge stripe-badge-${stripe.mode}`}>{stripe.mode === 'test' ? words.stripeTestBadge : words.stripeLiveBadge}</span>
        ) : null}
      </div>
      <div ref={messages}>
        <Messages error={error} done={done} />
      </div>
      {stripe.connected ? (
        <>
          <ConnectedState stripe={stripe} />
          <h3>{words.stripeEndpointTitle}</h3>
          <p className="field-hint stripe-lead">{words.stripeEndpointHint}</p>
          <WebhookEndpoint stripe={stripe} />
          {writable && editing ? <KeysForm {...formProps} focusFirst onCancel={cancel} /> : null}
          {writable && !editing ? (
            <div className="button-row stripe-actions">
              <button type="button" className="secondary" ref={changeKeys} disabled={busy} onClick={() => setEditing(true)}>
                {words.stripeChangeKeys}
              </button>
              <button type="button" className="secondary danger" disabled={busy} onClick={disconnect}>
                {words.stripeDisconnect}
              </button>
              {busy ? (
                <span className="pricing-muted" role="status">
                  {busyText}
                </span>
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p className="stripe-lead">{words.stripeIntro}</p>
          <h3>{words.stripeStepsTitle}</h3>
          <ol className="stripe-steps">
            <li>
              <strong>{words.stripeStepKeysTitle}</strong> {words.stripeStepKeys}
            </li>
            <li>
              <strong>{words.stripeStepWebhookTitle}</strong> {words.stripeStepWebhook}
              <WebhookEndpoint stripe={stripe} />
            </li>
            <li>
              <strong>{words.stripeStepSecretTitle}</strong> {words.stripeStepSecret}
            </li>
          </ol>
          {writable ? <KeysForm {...formProps} focusFirst={false} /> : <p className="pricing-muted">{words.stripeReadOnly}</p>}
        </>
      )}
    </section>
  );
}
