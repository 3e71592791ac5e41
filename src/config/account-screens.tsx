/** Screens before signing in or reached from emails: sign-in, accepting an invitation, asking for and completing a password reset. */
import { useState } from 'react';
import { api } from './api';
import { errorText, Messages } from './ui';

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
          run(() => api('POST', '/api/auth/PasswordReset', { email }), 'If an account uses this email, a link to reset its password is on its way.');
        }}
      >
        <h1 id="forgot-title">Reset your password</h1>
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
        <h1 id="reset-title">Choose a new password</h1>
        <label>
          New password (at least 10 characters)
          <input type="password" autoComplete="new-password" required minLength={10} value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
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
        <label>
          Password (at least 10 characters)
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <Messages error={error} done={done} />
        <button type="submit" disabled={busy}>
          Join
        </button>
      </form>
    </main>
  );
}

export function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const { busy, error, run } = useSubmit();
  if (forgot) return <ForgotPassword onBack={() => setForgot(false)} />;
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="login-title"
        onSubmit={(e) => {
          e.preventDefault();
          run(() => api('POST', '/api/auth/Login', { email, password }), '', onSignedIn);
        }}
      >
        <h1 id="login-title">Sign in</h1>
        <label>
          Email
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <Messages error={error} done={null} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <button type="button" className="link" onClick={() => setForgot(true)}>
          Forgot your password?
        </button>
      </form>
    </main>
  );
}
