/** Choosing a new password from a reset email's link. */
import { useState } from 'react';
import { okAnswer } from '../contracts/common';
import { PASSWORD_HINT } from '../domain/passwords';
import { call } from './api';
import { Field } from './field';
import { Messages, useSave } from './ui';

export function ResetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { busy, error, done, save } = useSave('');
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="reset-title"
        onSubmit={(e) => {
          e.preventDefault();
          save(() => call(okAnswer, 'POST', '/api/auth/PasswordReset/Complete', { token, password }), () => undefined, 'Your password is changed. Sign in with it now.');
        }}
      >
        <h1 id="reset-title">Choose a new password</h1>
        <Field label="New password" hint={PASSWORD_HINT}>
          {(control) => <input {...control} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
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
