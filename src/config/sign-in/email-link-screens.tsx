/**
 * The screens an email's link opens, each a password for the account the link names: choosing a
 * new one after a reset, and joining a site's team from an invitation (a new account's password,
 * or none when already signed in).
 */
import { useState, type ReactNode } from 'react';
import { okAnswer } from '../../contracts/common';
import { PASSWORD_HINT } from '../../domain/passwords';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { LoginCard } from './login-card';
import { Messages, useSave } from '../shared/ui';
import { authentication } from '../../messages/authentication';

/** The one form both screens are: a heading, the password with the rule's hint, and the call it sends. */
function PasswordFromLink(props: {
  id: string;
  title: string;
  intro?: string;
  label: string;
  required: boolean;
  send: (password: string) => Promise<unknown>;
  doneText: string;
  onDone?: () => void;
  /** What stands under the messages: the submit button, or what follows once done. */
  actions: (done: boolean, busy: boolean) => ReactNode;
}) {
  const [password, setPassword] = useState('');
  const { busy, error, done, save } = useSave(props.doneText);
  return (
    <LoginCard
      titleId={props.id}
      title={props.title}
      onSubmit={() => {
        save(() => props.send(password), props.onDone ?? (() => undefined));
      }}
    >
      {props.intro ? <p>{props.intro}</p> : null}
      <Field label={props.label} hint={PASSWORD_HINT}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            required={props.required}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Messages error={error} done={done} />
      {props.actions(done !== null, busy)}
    </LoginCard>
  );
}

export function ResetPassword({ token }: { token: string }) {
  return (
    <PasswordFromLink
      id="reset-title"
      title={authentication.chooseNewPasswordTitle}
      label="New password"
      required
      send={(password) => call(okAnswer, 'POST', '/api/auth/PasswordReset/Complete', { token, password })}
      doneText="Your password is changed. Sign in with it now."
      actions={(done, busy) =>
        done ? (
          <a className="button" href="/config/">
            Sign in
          </a>
        ) : (
          <button type="submit" disabled={busy}>
            Change password
          </button>
        )
      }
    />
  );
}

export function AcceptInvitation({ token }: { token: string }) {
  return (
    <PasswordFromLink
      id="invite-title"
      title="Join the team"
      intro="Choose a password for your new account. If you already have an account and are signed in, leave it empty."
      label="Password"
      required={false}
      send={(password) => call(okAnswer, 'POST', '/api/auth/AcceptInvitation', { token, password })}
      doneText="Welcome to the team."
      onDone={() => window.location.assign('/config/')}
      actions={(_, busy) => (
        <button type="submit" disabled={busy}>
          Join
        </button>
      )}
    />
  );
}
