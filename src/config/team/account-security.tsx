/**
 * The parts of 'Your account' that keep it safe: changing the password (the current one needed;
 * the shared rule's hint and checks, src/domain/passwords.ts), where the account is signed in (each
 * other session with its own 'Sign out', and 'Sign out everywhere else'), the recovery codes (shown
 * once, to copy or download; how many are left; a new set for the password) and the QR code of the
 * authenticator app's setup link, drawn here from the link itself so nothing leaves the browser.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { encode } from 'uqr';
import { PASSWORD_HINT, passwordProblem, passwordProblemText } from '../../domain/passwords';
import { okAnswer } from '../../contracts/common';
import { endOthersAnswer, recoveryCodesAnswer, sessionsAnswer } from '../../contracts/auth';
import { ApiError, call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages, useLoad, useSave } from '../shared/ui';
import { passwords } from '../../messages/passwords';
import { authentication } from '../../messages/authentication';
import { format } from '../../messages/format';
import { twoFactor } from '../../messages/two-factor';

/** A QR code as SVG squares (no inline style, so the config area's CSP allows it), named for screen readers. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={size * 5} height={size * 5} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function ChangePassword({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);
  const nextInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    (found.currentPassword ? currentInput : nextInput).current?.focus();
  };
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        setOther(null);
        const problem = passwordProblem(next, { email });
        if (!current || problem) {
          return refuse({ ...(current ? {} : { currentPassword: passwords.enterCurrent }), ...(problem ? { newPassword: passwordProblemText(problem) } : {}) });
        }
        setBusy(true);
        setErrors({});
        call(okAnswer, 'POST', '/api/auth/Password', { currentPassword: current, newPassword: next }).then(
          () => {
            setBusy(false);
            setCurrent('');
            setNext('');
            setDone(passwords.changed);
          },
          (err: unknown) => {
            setBusy(false);
            const found = fieldErrorsOf(err);
            if (Object.keys(found).length > 0) refuse(found);
            else setOther(errorText(err));
          },
        );
      }}
    >
      <h2 id={`${id}-title`}>Password</h2>
      {/* The email lets password managers file the new password under the right account. */}
      <input type="hidden" autoComplete="username" value={email} readOnly />
      <Field id={`${id}-current`} label="Current password" error={errors.currentPassword}>
        {(control) => (
          <input {...control} ref={currentInput} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        )}
      </Field>
      <Field id={`${id}-new`} label="New password" hint={PASSWORD_HINT} error={errors.newPassword}>
        {(control) => <input {...control} ref={nextInput} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />}
      </Field>
      <Messages error={other} done={done} />
      <button type="submit" disabled={busy}>
        {busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function Sessions() {
  const [state, loadError, reload] = useLoad(sessionsAnswer, '/api/auth/Sessions');
  const { error, done, busy, save } = useSave('');
  // The list is read again either way: a session signed out elsewhere meanwhile is gone from it too.
  const act = (call: () => Promise<unknown>, message: string) =>
    save(
      () => call().finally(reload),
      () => undefined,
      message,
    );
  const others = state?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{authentication.sessionsTitle}</h2>
      <p className="hint">{authentication.sessionsHint}</p>
      {!state ? (
        <Messages error={loadError} />
      ) : (
        <DataTable
          className="session-table"
          rows={state.sessions}
          rowKey={(s) => s.id}
          columns={[
            {
              header: 'Device',
              cell: (s) => (
                <>
                  {s.browser} on {s.system}
                  {s.current ? <span className="role-badge">This device</span> : null}
                </>
              ),
            },
            { header: 'Signed in', cell: (s) => when(s.signedInAt) },
            { header: 'Last active', cell: (s) => (s.current ? 'Now' : when(s.lastSeenAt)) },
            {
              header: <span className="visually-hidden">Actions</span>,
              className: 'row-actions',
              cell: (s) =>
                s.current ? null : (
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    aria-label={format(authentication.signOutSession, { browser: s.browser, system: s.system, when: when(s.signedInAt) })}
                    onClick={() =>
                      act(
                        () => call(okAnswer, 'DELETE', `/api/auth/Sessions/${encodeURIComponent(s.id)}`),
                        format(authentication.signedOutSession, { browser: s.browser, system: s.system }),
                      )
                    }
                  >
                    Sign out
                  </button>
                ),
            },
          ]}
        />
      )}
      <p role="status" className="form-done">
        {done}
      </p>
      <Messages error={error} />
      <button
        type="button"
        className="secondary"
        disabled={busy || others === 0}
        onClick={() => act(() => call(endOthersAnswer, 'POST', '/api/auth/Sessions/EndOthers', {}), 'Signed out everywhere else.')}
      >
        {authentication.signOutOthers}
      </button>
    </section>
  );
}

/** A new set of recovery codes, shown this once: to copy, download or write down before going on. */
export function NewRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form that had focus: a screen reader starts at their heading.
  useEffect(() => heading.current?.focus(), []);
  const text = `OpenPress recovery codes for two-factor sign-in\nEach code works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <section className="recovery-codes" aria-labelledby="new-codes-title">
      <h3 id="new-codes-title" tabIndex={-1} ref={heading}>
        Save your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes signs you in once in place of a code from the app. <strong>They are shown only now:</strong> keep them
        somewhere safe, such as a password manager.
      </p>
      <ol className="code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied('Copied the codes.'),
              () => setCopied('Copying is not allowed here: download the codes or write them down.'),
            )
          }
        >
          Copy codes
        </button>
        <a className="button secondary" href={download} download="openpress-recovery-codes.txt">
          Download codes
        </a>
        <button type="button" onClick={onDone}>
          I have saved my codes
        </button>
      </div>
      <p role="status" className="form-done">
        {copied}
      </p>
    </section>
  );
}

/** How many recovery codes are left, and a new set for the password (which replaces the old one). */
export function RecoveryCodes({ left, onNew }: { left: number; onNew: (codes: string[]) => void }) {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Recovery codes</h3>
      <p className={left <= 2 ? 'form-error' : undefined}>
        {format(twoFactor.recoveryCodesLeft, { left })}
        {left <= 2 ? ' Make new ones before you run out.' : ''}
      </p>
      {asking ? (
        <form
          noValidate
          aria-label="Make new recovery codes"
          onSubmit={(e) => {
            e.preventDefault();
            if (!password) return setError(passwords.enterPassword);
            setBusy(true);
            setError(null);
            call(recoveryCodesAnswer, 'POST', '/api/auth/TwoFactor/RecoveryCodes', { password }).then(
              (answer) => {
                setBusy(false);
                setAsking(false);
                setPassword('');
                onNew(answer.recoveryCodes);
              },
              (err: unknown) => {
                setBusy(false);
                setError((err instanceof ApiError && fieldErrorsOf(err).password) || errorText(err));
              },
            );
          }}
        >
          <p className="hint">The codes you have now stop working.</p>
          <Field id={`${id}-password`} label="Password" error={error ?? undefined}>
            {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
          </Field>
          <div className="button-row">
            <button type="submit" disabled={busy}>
              Make new codes
            </button>
            <button type="button" className="secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsking(true)}>
          Make new recovery codes
        </button>
      )}
    </section>
  );
}
