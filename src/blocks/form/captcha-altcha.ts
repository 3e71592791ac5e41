/// <reference types="vite/client" />
/**
 * The ALTCHA widget (the `altcha` package's web component, served from our origin by the Vite
 * build), loaded only when a visitor starts filling a form with a captcha. It is the package's
 * `external` build: its stylesheet is a file of ours linked here and its proof-of-work worker a
 * script file of ours, because the page's CSP allows neither inline styles nor blob: workers. The
 * widget fetches a challenge from `/api/captcha/challenge` when the visitor ticks its box, solves
 * it, and holds the payload the form sends as `captchaKey`.
 */
import 'altcha/external';
import styles from 'altcha/altcha.css?url';
import pbkdf2Worker from 'altcha/workers/pbkdf2?url';
import { captcha } from '../../messages/captcha';
import { API_PATHS } from '../../domain/routes';
import type { Mount } from './captcha-types';

// The only algorithm our server issues (src/server/modules/sites/captcha.ts).
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(pbkdf2Worker));

const WIDGET_LOAD_TIMEOUT_MS = 10_000;

let stylesLoading: Promise<void> | undefined;

function loadStyles(): Promise<void> {
  stylesLoading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = styles;
    // A stylesheet that fails leaves a plain but working widget.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesLoading;
}

type StateDetail = { state?: string; payload?: string | null };

export const mountAltcha: Mount = async (container, _siteKey, compact, changed) => {
  await loadStyles();
  let payload: string | undefined;
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', API_PATHS.CAPTCHA_CHALLENGE);
  // The form's value collection reads fields by id; this hidden input is the widget's own.
  widget.setAttribute('name', 'altcha');
  widget.setAttribute('auto', 'off');
  widget.setAttribute('type', 'checkbox');
  if (compact) container.style.setProperty('--altcha-max-width', '100%');
  widget.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<StateDetail>).detail ?? {};
    payload = detail.state === 'verified' && detail.payload ? detail.payload : undefined;
    changed();
  });
  // The widget announces itself ready with 'load'; one that never does must not hold the form up.
  const loaded = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(captcha.notSetUp)), WIDGET_LOAD_TIMEOUT_MS);
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    widget.addEventListener('load', ready, { once: true });
  });
  container.append(widget);
  try {
    await loaded;
  } catch (err) {
    widget.remove();
    throw err;
  }
  await widget.configure({ hideLogo: compact, hideFooter: compact });
  return {
    solution: () => payload,
    reset: () => {
      payload = undefined;
      widget.reset();
      changed();
    },
  };
};
