/** Joining a site's team from an invitation email's link: a password for a new account, or none when already signed in. */
import { useState } from 'react';
import { okAnswer } from '../contracts/common';
import { PASSWORD_HINT } from '../domain/passwords';
import { call } from './api';
import { Field } from './field';
import { Messages, useSave } from './ui';

export function AcceptInvitation({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { busy, error, done, save } = useSave('');
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby="invite-title"
        onSubmit={(e) => {
          e.preventDefault();
          save(() => call(okAnswer, 'POST', '/api/auth/AcceptInvitation', { token, password }), () => window.location.assign('/config/'), 'Welcome to the team.');
        }}
      >
        <h1 id="invite-title">Join the team</h1>
        <p>Choose a password for your new account. If you already have an account and are signed in, leave it empty.</p>
        <Field label="Password" hint={PASSWORD_HINT}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <Messages error={error} done={done} />
        <button type="submit" disabled={busy}>
          Join
        </button>
      </form>
    </main>
  );
}
