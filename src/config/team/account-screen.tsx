/**
 * The signed-in member's own account screen: the password, two-factor sign-in (on with a QR code
 * or the setup key, off, recovery codes) and where the account is signed in.
 */
import { useEffect, useRef, useState } from 'react';
import { meAnswer, recoveryCodesAnswer, twoFactorOffAnswer, twoFactorSetupAnswer, type TwoFactorSetup } from '../../contracts/auth';
import { ChangePassword, NewRecoveryCodes, QrCode, RecoveryCodes, Sessions } from './account-security';
import { ApiError, call } from '../shared/api';
import { Field } from '../../ui/field';
import {
  cleanCode,
  cleanCodeOrRecovery,
  CODE_FORMAT,
  CODE_OR_RECOVERY_FORMAT,
  CodeField,
  fieldError,
  problemOf,
  useCodeError,
} from '../sign-in/two-factor-code';
import { errorText, Messages, useLoad } from '../shared/ui';
import { authentication } from '../../messages/authentication';
import { passwords } from '../../messages/passwords';
import './team.css';

/**
 * The signed-in member's own account, reachable from the shell whatever the role: the password,
 * two-factor sign-in on and off with its recovery codes, and where the account is signed in. It
 * reads `twoFactor` and `recoveryCodesLeft` from Me itself, so they are current whenever it is shown.
 */
export function AccountScreen({ me }: { me: { account: { email: string } } }) {
  const [state, loadError, reload] = useLoad(meAnswer, '/api/auth/Me');
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
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { error: codeError, setError: setCodeError, input: codeInput, fail } = useCodeError();
  const stepHeading = useRef<HTMLHeadingElement>(null);
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
            call(twoFactorSetupAnswer, 'POST', '/api/auth/TwoFactor/Begin').then(
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
        call(recoveryCodesAnswer, 'POST', '/api/auth/TwoFactor/Confirm', { code: clean }).then(
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
          <CodeField
            value={code}
            onChange={setCode}
            error={codeError}
            inputRef={codeInput}
            hint="Enter the 6-digit code the app now shows, to check it is set up."
          />
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
        call(twoFactorOffAnswer, 'POST', '/api/auth/TwoFactor/Disable', { password, code: clean }).then(
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
      <Field label="Password" error={errors.password} alert>
        {(control) => (
          <input
            {...control}
            ref={passwordInput}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code ?? null}
        inputRef={codeInput}
        recovery
        hint="The code from your authenticator app, or one of your recovery codes."
      />
      <Messages error={errors.other ?? null} />
      <button type="submit" disabled={busy}>
        Turn off two-factor sign-in
      </button>
    </form>
  );
}
