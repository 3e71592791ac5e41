/**
 * The team sign-in dialog that Escape opens on a site allowing escape-key login (seed 000 §4, the
 * seed's signup dialog): email and password, `POST /api/auth/Login` through the data-request
 * client, then the page loads again signed in (and the team-member behaviour takes over). An
 * account with two-factor sign-in finishes at the config area's sign-in page. Escape cancels it.
 */
import { useId, useState, type FormEvent } from 'react';
import { dataRequest, DataRequestError } from '../data-request';
import { openDetached, Popup, type PopupOutcome } from './popup';
import { authentication } from '../../messages/authentication';

function SignInForm({ close }: { close: (outcome: PopupOutcome) => void }) {
  const emailId = useId();
  const passwordId = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const { data } = await dataRequest<{ twoFactorRequired?: boolean }>({
        url: '/api/auth/Login',
        method: 'POST',
        json: true,
        data: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      });
      close('confirm');
      if (data.twoFactorRequired) window.location.assign('/config/login');
      else window.location.reload();
    } catch (err) {
      setBusy(false);
      setError(err instanceof DataRequestError ? (err.body.error ?? err.message) : authentication.signInFailed);
    }
  }

  return (
    <form className="op-sign-in" onSubmit={(e) => void submit(e)} noValidate>
      <p className="op-sign-in__field">
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} name="email" type="email" autoComplete="username" required />
      </p>
      <p className="op-sign-in__field">
        <label htmlFor={passwordId}>Password</label>
        <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
      </p>
      <p className="op-sign-in__error" role="alert">
        {error}
      </p>
      <div className="op-popup__actions">
        <button type="button" className="op-popup__button" onClick={() => close('cancel')}>
          Cancel
        </button>
        <button type="submit" className="op-popup__button op-popup__button--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </div>
    </form>
  );
}

/** Opens the dialog; resolves once it has hidden. */
export function openSignIn(): Promise<PopupOutcome> {
  return openDetached((hidden) => (
    <Popup role="dialog" placement="center" title="Sign in" text={null} actions={(close) => <SignInForm close={close} />} onHide={hidden} />
  ));
}
