/**
 * The system error panel's vocabulary, shared by the panel, its lazy opener and the listener: the
 * `system-error` event the data-request client dispatches, its detail, the panel's options, and the
 * event the panel's network variant announces, named as the internal analytics event the visitor
 * runtime's measurement records for it (src/runtime/islands/measure.ts). No code, so every importer
 * stays tiny.
 */
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
  /** Called with the requested URL each time a network error is shown. */
  onNetworkError?: (urlRequested: string | undefined) => void;
};

declare global {
  // An interface, as only a declaration merge types `window.addEventListener('system-error', …)`.
  interface WindowEventMap {
    [SYSTEM_ERROR_EVENT]: CustomEvent<SystemErrorDetail>;
    /** INTERNAL_ANALYTICS_EVENTS.SYSTEM_NETWORK_ERROR (src/domain/analytics.ts), announced with the requested address each time the network variant is shown. */
    system_network_error: CustomEvent<{ urlRequested: string | undefined }>;
  }
}
