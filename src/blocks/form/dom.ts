/**
 * Browser pieces the form and newsletter islands share: the captcha, mounted the first time the
 * visitor focuses or types in the form (its code is a chunk of its own, never loaded with the
 * page); locking a form while it submits; and the page facts the submission carries. No inline
 * styles anywhere (the page's CSP forbids them): state is classes and the hidden attribute.
 */
import { captcha } from '../../messages/captcha';
import type { CaptchaHandle } from './captcha';
import type { PageFacts } from './collect';

/** Seed 001 §5: the captcha is compact when its container is narrower than this. */
export const CAPTCHA_COMPACT_BELOW_PX = 320;

export type CaptchaSlot = {
  /** The mounted widget, or undefined when it could not be rendered. Mounts it if nobody has yet. */
  ready(): Promise<CaptchaHandle | undefined>;
  /** Called with true each time the visitor solves the captcha. */
  onSolved(listener: () => void): void;
};

/**
 * The form's captcha, when the server rendered its container (seed 001 §5: only when the site has
 * a captcha key). The widget is mounted once, on the visitor's first focus or input in the form.
 */
export function captchaOnFirstUse(form: HTMLFormElement): CaptchaSlot | undefined {
  const container = form.querySelector<HTMLElement>('.form-captcha');
  if (!container) return undefined;
  const solvedListeners: (() => void)[] = [];
  let mounting: Promise<CaptchaHandle | undefined> | undefined;
  const mount = () => {
    mounting ??= import('./captcha')
      .then(({ mountCaptcha }) => mountCaptcha(container, { compact: container.getBoundingClientRect().width < CAPTCHA_COMPACT_BELOW_PX }))
      .then(
        (handle) => {
          handle.onChange((solved) => {
            if (solved) for (const listener of solvedListeners) listener();
          });
          return handle;
        },
        (err: unknown) => {
          console.error(captcha.renderFailed, err);
          return undefined;
        },
      );
    return mounting;
  };
  const start = () => {
    form.removeEventListener('focusin', start);
    form.removeEventListener('input', start);
    void mount();
  };
  form.addEventListener('focusin', start);
  form.addEventListener('input', start);
  return { ready: mount, onSolved: (listener) => solvedListeners.push(listener) };
}

const lockedByUs = new WeakSet<Element>();

/** Seed 000 §4: a submitting form is locked (its controls disabled, aria-busy) and unlocked after. */
export function setLocked(form: HTMLFormElement, locked: boolean): void {
  if (locked) form.setAttribute('aria-busy', 'true');
  else form.removeAttribute('aria-busy');
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement>(
    'input, select, textarea, button',
  )) {
    if (locked && !control.disabled) {
      control.disabled = true;
      lockedByUs.add(control);
    } else if (!locked && lockedByUs.has(control)) {
      control.disabled = false;
      lockedByUs.delete(control);
    }
  }
}

/** The page facts <main> carries (src/server/render/page.tsx), with the title and the path. */
export function pageFacts(): PageFacts {
  const main = document.querySelector<HTMLElement>('main');
  return {
    title: document.title,
    pageId: main?.dataset.pageId ?? '',
    collectionId: main?.dataset.collectionId ?? '',
    contentSource: main?.dataset.contentSource ?? '',
    path: location.pathname,
  };
}

/** The invisible field people never see; bots fill it. */
export const honeypotValue = (form: HTMLFormElement): string => form.querySelector<HTMLInputElement>('input[name="op-hp"]')?.value ?? '';

/** Shows `text` in `el`, or hides it when there is none. */
export function say(el: HTMLElement | null | undefined, text: string | undefined): void {
  if (!el) return;
  el.textContent = text ?? '';
  el.hidden = !text;
}
