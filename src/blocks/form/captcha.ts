/**
 * The captcha widget of a form or newsletter block (seed 001 §5, §8). The server renders an empty
 * `.form-captcha` container with `data-captcha-provider` ('altcha' or 'recaptcha') and
 * `data-captcha-site-key` only when the site has a captcha key; the block's island imports this
 * module when the visitor starts filling the form, so neither it nor the widget loads with the page.
 *
 * - A container is rendered once: mounting it again answers the same handle (seed 001 §5).
 * - Compact under 320 px: reCAPTCHA's compact size; ALTCHA without its logo and footer, full width.
 * - ALTCHA: the `altcha` web component from our own origin (./captcha-altcha.ts), which
 *   fetches a challenge from the server and solves it in workers when the visitor ticks the box.
 * - reCAPTCHA: Google's script, loaded once; the page's CSP allows it only on sites that use it.
 * - A widget that cannot be loaded rejects with 'ReCaptcha has not been set up!' (seed 001 §8); a
 *   render failure logs 'Error rendering captcha into node'.
 */
import { captcha } from '../../messages/captcha';
import type { CaptchaHandle, CaptchaWidget, Mount } from './captcha-types';

export type { CaptchaHandle };

const mounted = new WeakMap<HTMLElement, Promise<CaptchaHandle>>();

/** Google's loader; `render=explicit` leaves rendering to us, `onload` names the global it calls when ready. */
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=';
const RECAPTCHA_READY = '__openpressRecaptchaReady';
const SCRIPT_TIMEOUT_MS = 20_000;

type Grecaptcha = {
  render(el: HTMLElement, params: Record<string, unknown>): number;
  getResponse(id: number): string;
  reset(id: number): void;
};

let recaptchaLoading: Promise<Grecaptcha> | undefined;

function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaLoading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const win = window as unknown as Record<string, unknown>;
    const fail = () => {
      recaptchaLoading = undefined;
      reject(new Error(captcha.notSetUp));
    };
    const timer = setTimeout(fail, SCRIPT_TIMEOUT_MS);
    win[RECAPTCHA_READY] = () => {
      clearTimeout(timer);
      const lib = win.grecaptcha as Grecaptcha | undefined;
      if (lib && typeof lib.render === 'function') resolve(lib);
      else fail();
    };
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT + RECAPTCHA_READY;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      fail();
    };
    document.head.append(script);
  });
  return recaptchaLoading;
}

const mountRecaptcha: Mount = async (container, siteKey, compact, changed) => {
  const lib = await loadRecaptcha();
  const id = lib.render(container, {
    sitekey: siteKey,
    size: compact ? 'compact' : 'normal',
    callback: changed,
    'expired-callback': changed,
    'error-callback': changed,
  });
  return {
    solution: () => lib.getResponse(id) || undefined,
    reset: () => {
      lib.reset(id);
      changed();
    },
  };
};

const mountAltcha: Mount = async (container, siteKey, compact, changed) => {
  let mod: { mountAltcha: Mount };
  try {
    mod = await import('./captcha-altcha');
  } catch {
    throw new Error(captcha.notSetUp);
  }
  return mod.mountAltcha(container, siteKey, compact, changed);
};

const PROVIDERS: Record<string, Mount> = { altcha: mountAltcha, recaptcha: mountRecaptcha };

async function render(container: HTMLElement, compact: boolean): Promise<CaptchaHandle> {
  const provider = PROVIDERS[container.dataset.captchaProvider ?? ''];
  const siteKey = container.dataset.captchaSiteKey;
  // Seed 001 §5: no site key, no captcha.
  if (!provider || !siteKey) throw new Error(captcha.notSetUp);
  const listeners: ((solved: boolean) => void)[] = [];
  let widget: CaptchaWidget | undefined;
  const changed = () => {
    const solved = widget?.solution() !== undefined;
    for (const listener of listeners) listener(solved);
  };
  container.toggleAttribute('data-captcha-compact', compact);
  try {
    widget = await provider(container, siteKey, compact, changed);
  } catch (err) {
    console.error(captcha.renderFailed, err);
    throw err;
  }
  container.dataset.captchaRendered = 'true';
  const mountedWidget = widget;
  return {
    solution: () => mountedWidget.solution(),
    reset: () => mountedWidget.reset(),
    onChange: (listener) => void listeners.push(listener),
  };
}

/** Renders the site's captcha into its container, once; later calls answer the same handle. */
export async function mountCaptcha(container: HTMLElement, opts: { compact: boolean }): Promise<CaptchaHandle> {
  const existing = mounted.get(container);
  if (existing) return existing;
  const handle = render(container, opts.compact);
  mounted.set(container, handle);
  // A failed render may be tried again (the script may load on a later attempt).
  handle.catch(() => mounted.delete(container));
  return handle;
}
