/**
 * The imperative dialog API, for code outside React (data requests, logout, checkout). Each call
 * loads its popup's chunk, with React and the stylesheet, on first use, and mounts the popup in a
 * container appended to <body> that leaves again on hide. The promises settle once the popup has
 * finished hiding, so focus is back where it was when the caller goes on.
 */
import type { ConfirmationOptions } from './confirmation';
import type { PopupOutcome } from './popup';
import type { SystemErrorDetail, SystemErrorOptions } from './system-error-types';

export type { ConfirmationOptions, PopupOutcome, SystemErrorDetail, SystemErrorOptions };

export async function showConfirmation(opts: ConfirmationOptions): Promise<PopupOutcome> {
  const { openConfirmation } = await import('./confirmation');
  return openConfirmation(opts);
}

export async function showAlert(text: string, title?: string): Promise<PopupOutcome> {
  const { openAlert } = await import('./alert');
  return openAlert({ text, title });
}

export async function showInformation(text: string, title?: string): Promise<PopupOutcome> {
  const { openInformation } = await import('./information');
  return openInformation({ text, title });
}

export async function showSystemError(detail: SystemErrorDetail, options?: SystemErrorOptions): Promise<void> {
  const { openSystemError } = await import('./system-error');
  return openSystemError(detail, options);
}

export async function showSignIn(): Promise<PopupOutcome> {
  const { openSignIn } = await import('./sign-in');
  return openSignIn();
}
