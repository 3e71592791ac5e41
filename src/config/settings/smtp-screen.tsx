/**
 * The Email screen (ADMIN only): which mail server the site's email goes out through,
 * the site's own SMTP settings (the password is write-only: a saved one shows as the fixed mask,
 * which sent back keeps it), going back to the server's default, and a test email to the
 * signed-in account.
 */
import { useState } from 'react';
import type { Me } from '../../contracts/auth';
import { mailStatusAnswer, smtpTestAnswer, type MailStatus, type SmtpView } from '../../contracts/smtp';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages, useLoad } from '../shared/ui';

type Draft = { host: string; port: string; secure: boolean; username: string; password: string; fromAddress: string };

function draftFrom(smtp: SmtpView | null): Draft {
  return {
    host: smtp?.host ?? '',
    port: String(smtp?.port ?? 587),
    secure: smtp?.secure ?? false,
    username: smtp?.username ?? '',
    password: smtp?.password ?? '',
    fromAddress: smtp?.fromAddress ?? '',
  };
}

function InUse({ status }: { status: MailStatus }) {
  if (status.inUse === 'site' && status.smtp) {
    return (
      <p>
        The site&apos;s email goes out through its own mail server, <strong>{status.smtp.host}</strong>, from {status.smtp.fromAddress}.
      </p>
    );
  }
  if (status.inUse === 'server') {
    return (
      <p>
        The site&apos;s email goes out through this server&apos;s default mail server
        {status.serverDefault ? `, from ${status.serverDefault.fromAddress}` : ''}. Save settings below to use a mail server of the site&apos;s own.
      </p>
    );
  }
  return <p className="form-error">No mail server is set up: the site cannot send email (invitations, password resets) until you save settings below.</p>;
}

export function SmtpScreen({ me }: { me: Me }) {
  const [status, loadError, reload] = useLoad(mailStatusAnswer, '/api/config/smtp');
  const [edited, setDraft] = useState<Draft>();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!status) return <Messages error={loadError} />;
  const draft = edited ?? draftFrom(status.smtp);
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setDone(null);
  };
  const run = (call: Promise<string>) => {
    setError(null);
    setFieldErrors({});
    setDone(null);
    setBusy(true);
    call
      .then(setDone, (err: unknown) => {
        setError(errorText(err));
        setFieldErrors(fieldErrorsOf(err));
      })
      .finally(() => setBusy(false));
  };
  const text = (key: 'host' | 'port' | 'username' | 'fromAddress', label: string, type: 'text' | 'number' | 'email', hint?: string) => (
    <Field id={`smtp-${key}`} label={label} error={fieldErrors[key]} hint={hint}>
      {(props) => <input {...props} type={type} value={draft[key]} onChange={(e) => change({ [key]: e.target.value })} />}
    </Field>
  );
  const passwordSet = status.smtp?.passwordSet ?? false;
  return (
    <section>
      <h1>Email</h1>
      <InUse status={status} />
      <form
        noValidate
        aria-label="SMTP settings"
        onSubmit={(e) => {
          e.preventDefault();
          const port = Number(draft.port);
          run(
            call(mailStatusAnswer, 'PUT', '/api/config/smtp', {
              host: draft.host,
              port: draft.port.trim() === '' || !Number.isFinite(port) ? draft.port : port,
              secure: draft.secure,
              username: draft.username,
              // The mask keeps the saved password; empty saves none.
              password: draft.password,
              fromAddress: draft.fromAddress,
            }).then(() => {
              setDraft(undefined);
              reload();
              return 'Saved. The site’s email goes out through this mail server now.';
            }),
          );
        }}
      >
        <fieldset>
          <legend>The site&apos;s own mail server</legend>
          {text('host', 'Mail server (host)', 'text', 'Such as smtp.example.com.')}
          {text('port', 'Port', 'number', 'Usually 587, or 465 with TLS from the start.')}
          <Field id="smtp-secure" label="Use TLS from the start (port 465)" error={fieldErrors.secure} check>
            {(props) => <input {...props} type="checkbox" checked={draft.secure} onChange={(e) => change({ secure: e.target.checked })} />}
          </Field>
          {text('username', 'User name', 'text', 'Empty if the server takes mail without signing in.')}
          <Field
            id="smtp-password"
            label="Password"
            error={fieldErrors.password}
            hint={passwordSet ? 'A password is saved. Type a new one to change it.' : 'No password is set.'}
          >
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                value={draft.password}
                // Typing replaces the mask rather than adding to it.
                onFocus={(e) => e.target.select()}
                onChange={(e) => change({ password: e.target.value })}
              />
            )}
          </Field>
          {text('fromAddress', 'From address', 'email', 'The address the site’s email comes from.')}
        </fieldset>
        <Messages error={error} />
        <p className="form-done" role="status">
          {done}
        </p>
        <div className="button-row">
          <button type="submit" disabled={busy}>
            Save SMTP settings
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() =>
              run(
                call(smtpTestAnswer, 'POST', '/api/config/smtp/test').then(
                  (res) => `A test email to ${res.to} is on its way. If it does not arrive within a few minutes, see Background jobs for the error.`,
                ),
              )
            }
          >
            Send test email
          </button>
          {status.smtp ? (
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() =>
                run(
                  call(mailStatusAnswer, 'DELETE', '/api/config/smtp').then(() => {
                    setDraft(undefined);
                    reload();
                    return 'Removed. The site’s email goes out through the server’s default mail server again.';
                  }),
                )
              }
            >
              Use the server&apos;s default instead
            </button>
          ) : null}
        </div>
      </form>
      <p className="field-hint">The test email goes to {me.account.email}, the address you signed in with, through the saved settings.</p>
    </section>
  );
}
