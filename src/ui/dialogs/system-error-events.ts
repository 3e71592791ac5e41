/**
 * The `system-error` event and its detail: the data-request client dispatches it on window when a
 * request fails in a way the visitor must see, and `listenForSystemErrors` answers it with the
 * system error panel. This module is tiny on purpose: the panel's code, and React, load only when
 * the first event arrives.
 */
import { showSystemError } from './show';
import { SYSTEM_ERROR_EVENT, type SystemErrorDetail, type SystemErrorOptions } from './system-error-types';

export { SYSTEM_ERROR_EVENT };
export type { SystemErrorDetail, SystemErrorKind, SystemErrorOptions } from './system-error-types';

/** Shows the panel for every `system-error` event on window; returns the function that stops listening. */
export function listenForSystemErrors(options: SystemErrorOptions = {}): () => void {
  const onError = (event: CustomEvent<SystemErrorDetail>) => {
    // A dispatcher that sends no detail still gets a panel, the 'other' variant.
    void showSystemError(event.detail ?? {}, options);
  };
  window.addEventListener(SYSTEM_ERROR_EVENT, onError);
  return () => window.removeEventListener(SYSTEM_ERROR_EVENT, onError);
}
