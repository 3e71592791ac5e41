/**
 * Signing in to the config area: email and password, then the authentication code step when the
 * account has two-factor sign-in on (the app's code, or one of the recovery codes), and asking for
 * a password reset link.
 */
import { useEffect, useRef, useState } from 'react';
import { loginAnswer, signedInAnswer } from '../../contracts/auth';
import { okAnswer } from '../../contracts/common';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { cleanCode, cleanCodeOrRecovery, CODE_FORMAT, CodeField, fieldError, problemOf, RECOVERY_FORMAT, useCodeError } from './two-factor-code';
import { LoginCard } from './login-card';
import { errorText, Messages, useSave } from '../shared/ui';
import { authentication } from '../../messages/authentication';
import { passwords } from '../../messages/passwords';

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
    <LoginCard
      titleId="login-title"
      title="Sign in"
      onSubmit={() => {
        setBusy(true);
        setError(null);
        call(loginAnswer, 'POST', '/api/auth/Login', { email, password }).then(
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
    </LoginCard>
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
  const { error, setError, input, fail } = useCodeError();
  useEffect(() => input.current?.focus(), [input, recovery]);
  return (
    <LoginCard
      titleId="code-title"
      title="Two-factor sign-in"
      noValidate
      onSubmit={() => {
        const clean = recovery ? cleanCodeOrRecovery(code) : cleanCode(code);
        if (!clean) return fail(recovery ? RECOVERY_FORMAT : CODE_FORMAT);
        setBusy(true);
        setError(null);
        call(signedInAnswer, 'POST', '/api/auth/Login/TwoFactor', { ticket, code: clean }).then(onSignedIn, (err: unknown) => {
          setBusy(false);
          const problem = problemOf(err);
          if (problem === 'ticketExpired' || problem === 'ticketInvalid') onRestart(errorText(err));
          else fail(fieldError(err, 'code'));
        });
      }}
    >
      {recovery ? (
        <Field
          label="Recovery code"
          hint="Enter one of the recovery codes you saved when you turned on two-factor sign-in, such as abcd-2345. Each code works once."
          error={error}
          alert
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              name="recovery-code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={11}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <CodeField
          value={code}
          onChange={setCode}
          error={error}
          inputRef={input}
          hint="Open your authenticator app and enter the 6-digit code it shows for OpenPress."
        />
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
    </LoginCard>
  );
}

export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const { busy, error, done, save } = useSave('');
  return (
    <LoginCard
      titleId="forgot-title"
      title={authentication.resetPasswordTitle}
      onSubmit={() => {
        save(
          () => call(okAnswer, 'POST', '/api/auth/PasswordReset', { email }),
          () => undefined,
          passwords.resetAsked,
        );
      }}
    >
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
    </LoginCard>
  );
}
