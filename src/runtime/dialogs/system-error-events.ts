/**
 * The `system-error` event and its detail: the data-request client dispatches it on window when a
 * request fails in a way the visitor must see, and `listenForSystemErrors` answers it with the
 * system error panel. This module is tiny on purpose: the panel's code, and React, load only when
 * the first event arrives.
 */
import { showSystemError } from './show';

export const SYSTEM_ERROR_EVENT = 'system-error';

/** Seed 001 §8's three variants; without a kind the panel shows the request ('other'). */
export type SystemErrorKind = 'cleaned' | 'network' | 'other';

export type SystemErrorDetail = {
  message?: string;
  url?: string;
  format?: string;
  errorKey?: string;
  kind?: SystemErrorKind;
  /** Named in the network variant's default text; the page's host when absent. */
  provider?: string;
};

export type SystemErrorOptions = {
  /** Called with the requested URL each time a network error is shown (measurement records it). */
  onNetworkError?: (urlRequested: string | undefined) => void;
};

declare global {
  // An interface, as only a declaration merge types `window.addEventListener('system-error', …)`.
  interface WindowEventMap {
    [SYSTEM_ERROR_EVENT]: CustomEvent<SystemErrorDetail>;
  }
}

/** Shows the panel for every `system-error` event on window; returns the function that stops listening. */
export function listenForSystemErrors(options: SystemErrorOptions = {}): () => void {
  const onError = (event: CustomEvent<SystemErrorDetail>) => {
    // A dispatcher that sends no detail still gets a panel, the 'other' variant.
    void showSystemError(event.detail ?? {}, options);
  };
  window.addEventListener(SYSTEM_ERROR_EVENT, onError);
  return () => window.removeEventListener(SYSTEM_ERROR_EVENT, onError);
}
