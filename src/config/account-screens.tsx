/**
 * Screens before signing in or reached from emails: sign-in (with the authentication code step when
 * the account has two-factor sign-in on), accepting an invitation, asking for and completing a
 * password reset; and the signed-in member's own account screen: the password, two-factor sign-in
 * (on with a QR code or the setup key, off, recovery codes) and where the account is signed in.
 * The sign-in code step also takes a recovery code.
 */
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { PASSWORD_HINT } from '../domain/passwords';
import { ChangePassword, NewRecoveryCodes, QrCode, RecoveryCodes, Sessions } from './account-security';
import { api, ApiError } from './api';
import { errorText, Messages, useLoad } from './ui';
import { passwords } from '../messages/passwords';
import { twoFactor } from '../messages/two-factor';
import { authentication } from '../messages/authentication';

function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = (call: () => Promise<unknown>, success: string, then?: () => void) => {
    setBusy(true);
    setError(null);
    call().then(
      () => {
        setBusy(false);
        setDone(success);
        then?.();
      },
      (err: unknown) => {
        setBusy(false);
        setError(errorText(err));
      },
    );
  };
  return { busy, error, done, run };
}

export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const { busy, error, done, run } = useSubmit();
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="forgot-title"
        onSubmit={(e) => {
          e.preventDefault();
          run(() => api('POST', '/api/auth/PasswordReset', { email }), passwords.resetAsked);
        }}
      >
        <h1 id="forgot-title">{authentication.resetPasswordTitle}</h1>
        <label>
          Email
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <Messages error={error} done={done} />
        <button type="submit" disabled={busy}>
          Send the link
        </button>
        <button type="button" className="link" onClick={onBack}>
          Back to sign in
        </button>
      </form>
    </main>
  );
}

export function ResetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { busy, error, done, run } = useSubmit();
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="reset-title"
        onSubmit={(e) => {
          e.preventDefault();
          run(() => api('POST', '/api/auth/PasswordReset/Complete', { token, password }), 'Your password is changed. Sign in with it now.');
        }}
      >
        <h1 id="reset-title">{authentication.chooseNewPasswordTitle}</h1>
        <Field label="New password" hint={PASSWORD_HINT} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Messages error={error} done={done} />
        {done ? (
          <a className="button" href="/config/">
            Sign in
          </a>
        ) : (
          <button type="submit" disabled={busy}>
            Change password
          </button>
        )}
      </form>
    </main>
  );
}

export function AcceptInvitation({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { busy, error, done, run } = useSubmit();
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="invite-title"
        onSubmit={(e) => {
          e.preventDefault();
          run(() => api('POST', '/api/auth/AcceptInvitation', { token, password }), 'Welcome to the team.', () => window.location.assign('/config/'));
        }}
      >
        <h1 id="invite-title">Join the team</h1>
        <p>Choose a password for your new account. If you already have an account and are signed in, leave it empty.</p>
        <Field label="Password" hint={PASSWORD_HINT} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Messages error={error} done={done} />
        <button type="submit" disabled={busy}>
          Join
        </button>
      </form>
    </main>
  );
}

type LoginAnswer = { twoFactorRequired?: true; ticket?: string };

export function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const restarted = useRef(false);
  useEffect(() => {
    // Back from the code step (an expired ticket, or 'Back to sign in'): continue at the password.
    if (!ticket && restarted.current) passwordInput.current?.focus();
  }, [ticket]);
  if (forgot) return <ForgotPassword onBack={() => setForgot(false)} />;
  if (ticket) {
    return (
      <CodeStep
        ticket={ticket}
        onSignedIn={onSignedIn}
        onRestart={(message) => {
          restarted.current = true;
          setPassword('');
          setError(message);
          setTicket(null);
        }}
      />
    );
  }
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="login-title"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          api<LoginAnswer>('POST', '/api/auth/Login', { email, password }).then(
            (answer) => {
              setBusy(false);
              if (answer.twoFactorRequired && answer.ticket) setTicket(answer.ticket);
              else onSignedIn();
            },
            (err: unknown) => {
              setBusy(false);
              setError(errorText(err));
            },
          );
        }}
      >
        <h1 id="login-title">Sign in</h1>
        <label>
          Email
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input ref={passwordInput} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <Messages error={error} done={null} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <button type="button" className="link" onClick={() => setForgot(true)}>
          {authentication.forgotPassword}
        </button>
      </form>
    </main>
  );
}

const CODE_FORMAT = twoFactor.enterCode;
const CODE_OR_RECOVERY_FORMAT = twoFactor.enterCodeOrRecovery;
const RECOVERY_FORMAT = 'Enter one of your recovery codes, such as abcd-2345.';

/** The code as the server wants it (apps show `123 456`), or null when it cannot be one. */
function cleanCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The app's code, or a recovery code (`abcd-2345`, sent as typed for the server to read), or null when it can be neither. */
function cleanCodeOrRecovery(code: string): string | null {
  const compact = code.replace(/\s/g, '');
  return cleanCode(code) ?? (/^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(compact) ? compact : null);
}

/** A failed call's message for one field: the field's own message when the server gave one. */
function fieldError(err: unknown, field: string): string {
  return (err instanceof ApiError && err.body.errors?.[field]) || errorText(err);
}

function problemOf(err: unknown): string | undefined {
  return err instanceof ApiError ? (err.body as { problem?: string }).problem : undefined;
}

type FieldProps = { label: string; hint?: string; error?: string | null; inputRef?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose hint (above it) and error message (below it) are tied to it, so a screen reader reads them with the field. */
function Field({ label, hint, error, inputRef, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <>
      {hint ? <p id={`${id}-hint`}>{hint}</p> : null}
      <label htmlFor={id}>
        {label}
        <input id={id} ref={inputRef} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      </label>
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The code input every code step uses: the label and hints browsers and password managers know.
 * Where a recovery code may stand in (`recovery`), it takes letters too.
 */
function CodeField(props: { value: string; onChange: (value: string) => void; error: string | null; inputRef?: Ref<HTMLInputElement>; hint?: string; recovery?: boolean }) {
  return (
    <Field
      label="Authentication code"
      hint={props.hint}
      error={props.error}
      inputRef={props.inputRef}
      name="code"
      autoComplete="one-time-code"
      inputMode={props.recovery ? 'text' : 'numeric'}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={props.recovery ? 11 : 7}
      required
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/**
 * The second step of signing in: the app's code, or (after 'Use a recovery code') one of the
 * recovery codes, in a field of its own that takes letters, since the code field asks phones for
 * a number pad.
 */
function CodeStep({ ticket, onSignedIn, onRestart }: { ticket: string; onSignedIn: () => void; onRestart: (message: string | null) => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);
  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
    input.current?.select();
  };
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="code-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const clean = recovery ? cleanCodeOrRecovery(code) : cleanCode(code);
          if (!clean) return fail(recovery ? RECOVERY_FORMAT : CODE_FORMAT);
          setBusy(true);
          setError(null);
          api('POST', '/api/auth/Login/TwoFactor', { ticket, code: clean }).then(onSignedIn, (err: unknown) => {
            setBusy(false);
            const problem = problemOf(err);
            if (problem === 'ticketExpired' || problem === 'ticketInvalid') onRestart(errorText(err));
            else fail(fieldError(err, 'code'));
          });
        }}
      >
        <h1 id="code-title">Two-factor sign-in</h1>
        {recovery ? (
          <Field
            label="Recovery code"
            hint="Enter one of the recovery codes you saved when you turned on two-factor sign-in, such as abcd-2345. Each code works once."
            error={error}
            inputRef={input}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={11}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        ) : (
          <CodeField value={code} onChange={setCode} error={error} inputRef={input} hint="Open your authenticator app and enter the 6-digit code it shows for OpenPress." />
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? 'Use the code from your authenticator app' : 'Lost your phone? Use a recovery code'}
        </button>
        <button type="button" className="link" onClick={() => onRestart(null)}>
          Back to sign in
        </button>
      </form>
    </main>
  );
}

type Setup = { secret: string; uri: string };

/**
 * The signed-in member's own account, reachable from the shell whatever the role: the password,
 * two-factor sign-in on and off with its recovery codes, and where the account is signed in. It
 * reads `twoFactor` and `recoveryCodesLeft` from Me itself, so they are current whenever it is shown.
 */
export function AccountScreen({ me }: { me: { account: { email: string } } }) {
  const [state, loadError, reload] = useLoad<{ twoFactor: boolean; recoveryCodesLeft: number | null }>('/api/auth/Me');
  const [done, setDone] = useState<string | null>(null);
  // Recovery codes just made: shown once, until the member says they are saved.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  // Turning two-factor on or off signs out the other sessions: the list below is read again.
  const [sessionsKey, setSessionsKey] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const finished = (message: string) => {
    setDone(message);
    reload();
    setSessionsKey((k) => k + 1);
    // The form that had focus goes away: focus the section's heading, with the news just after it.
    heading.current?.focus();
  };
  return (
    <section className="account-screen" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p>
        {authentication.signedInAs} <strong>{me.account.email}</strong>
      </p>
      <div className="account-card">
        <ChangePassword email={me.account.email} />
      </div>
      <section className="account-card" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" ref={heading} tabIndex={-1}>
          Two-factor sign-in
        </h2>
        <p className="form-done" role="status">
          {done}
        </p>
        {newCodes ? (
          <NewRecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />
        ) : !state ? (
          <Messages error={loadError} />
        ) : state.twoFactor ? (
          <>
            <p>Two-factor sign-in is on: signing in asks for a code from your authenticator app as well as your password.</p>
            <RecoveryCodes
              left={state.recoveryCodesLeft ?? 0}
              onNew={(codes) => {
                setDone('New recovery codes are made. The earlier ones no longer work.');
                setNewCodes(codes);
                reload();
              }}
            />
            <TurnOffTwoFactor onDone={() => finished('Two-factor sign-in is off. Signing in asks only for your password.')} />
          </>
        ) : (
          <TurnOnTwoFactor
            email={me.account.email}
            onStart={() => setDone(null)}
            onDone={(codes) => {
              finished('Two-factor sign-in is on. From now on, signing in asks for a code from your authenticator app.');
              setNewCodes(codes);
            }}
          />
        )}
      </section>
      <div className="account-card">
        <Sessions key={sessionsKey} />
      </div>
    </section>
  );
}

function TurnOnTwoFactor({ email, onStart, onDone }: { email: string; onStart: () => void; onDone: (recoveryCodes: string[]) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (setup) stepHeading.current?.focus();
  }, [setup]);
  if (!setup) {
    return (
      <>
        <p>Two-factor sign-in is off. Turn it on to ask for a code from an authenticator app on your phone, as well as your password, whenever you sign in.</p>
        <Messages error={error} />
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            onStart();
            setBusy(true);
            setError(null);
            api<Setup>('POST', '/api/auth/TwoFactor/Begin').then(
              (answer) => {
                setBusy(false);
                setCode('');
                setCodeError(null);
                setSetup(answer);
              },
              (err: unknown) => {
                setBusy(false);
                setError(errorText(err));
              },
            );
          }}
        >
          Set up two-factor sign-in
        </button>
      </>
    );
  }
  const fail = (message: string) => {
    setCodeError(message);
    codeInput.current?.focus();
    codeInput.current?.select();
  };
  return (
    <form
      className="two-factor-setup"
      aria-labelledby="setup-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const clean = cleanCode(code);
        if (!clean) return fail(CODE_FORMAT);
        setBusy(true);
        setCodeError(null);
        api<{ recoveryCodes: string[] }>('POST', '/api/auth/TwoFactor/Confirm', { code: clean }).then(
          (answer) => {
            setBusy(false);
            onDone(answer.recoveryCodes);
          },
          (err: unknown) => {
            setBusy(false);
            fail(fieldError(err, 'code'));
          },
        );
      }}
    >
      <h3 id="setup-title" ref={stepHeading} tabIndex={-1}>
        Add your account to an authenticator app
      </h3>
      <ol>
        <li>
          Scan this QR code with your authenticator app, or add an account there by entering the setup key (a time-based key). On this phone, open{' '}
          <a href={setup.uri}>the setup link in your authenticator app</a>.
          <div className="setup-pair">
            <QrCode text={setup.uri} label={`QR code to add ${email} to an authenticator app`} />
            <dl className="setup-key">
              <dt>Account</dt>
              <dd>{email}</dd>
              <dt>Setup key</dt>
              <dd>
                <code>{setup.secret.match(/.{1,4}/g)?.join(' ')}</code>
              </dd>
            </dl>
          </div>
        </li>
        <li>
          <CodeField value={code} onChange={setCode} error={codeError} inputRef={codeInput} hint="Enter the 6-digit code the app now shows, to check it is set up." />
        </li>
      </ol>
      <button type="submit" disabled={busy}>
        Turn on two-factor sign-in
      </button>
      <button type="button" className="link" onClick={() => setSetup(null)}>
        Cancel
      </button>
    </form>
  );
}

function TurnOffTwoFactor({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; code?: string; other?: string }>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  return (
    <form
      aria-labelledby="turn-off-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const clean = cleanCodeOrRecovery(code);
        if (!password || !clean) {
          setErrors({ ...(password ? {} : { password: passwords.enterPassword }), ...(clean ? {} : { code: CODE_OR_RECOVERY_FORMAT }) });
          (password ? codeInput : passwordInput).current?.focus();
          return;
        }
        setBusy(true);
        setErrors({});
        api('POST', '/api/auth/TwoFactor/Disable', { password, code: clean }).then(
          () => {
            setBusy(false);
            onDone();
          },
          (err: unknown) => {
            setBusy(false);
            const problem = problemOf(err);
            if (problem === 'wrongPassword') {
              setErrors({ password: errorText(err) });
              passwordInput.current?.focus();
            } else if (problem === 'wrong' || problem === 'wrongRecovery' || problem === 'used' || (err instanceof ApiError && err.body.errors?.code)) {
              setErrors({ code: fieldError(err, 'code') });
              codeInput.current?.focus();
            } else {
              setErrors({ other: errorText(err) });
            }
          },
        );
      }}
    >
      <h3 id="turn-off-title">Turn off two-factor sign-in</h3>
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        inputRef={passwordInput}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <CodeField value={code} onChange={setCode} error={errors.code ?? null} inputRef={codeInput} recovery hint="The code from your authenticator app, or one of your recovery codes." />
      <Messages error={errors.other ?? null} />
      <button type="submit" disabled={busy}>
        Turn off two-factor sign-in
      </button>
    </form>
  );
}
