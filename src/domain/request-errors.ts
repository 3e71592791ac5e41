/** Which catalogue text a failed request shows, by its status (seed 000 §8). */
import { dataRequest } from '../messages/data-request';
import { forms } from '../messages/forms';

/** Seed 000 §8: the text a failed data request shows, by HTTP status. */
export function dataRequestErrorText(status: number): string {
  if (status === 401 || status === 403) return dataRequest.unauthorized;
  if (status === 500 || status === 501) return dataRequest.internalServerError;
  if (status === 503) return dataRequest.serviceUnavailable;
  return dataRequest.unableToConnect;
}

/**
 * Seed 000 §8: the text a failed form submission shows. Statuses the seed names get their fixed
 * text; any other status shows the response's `data.error`, and without one the unknown-error text.
 * A 400 carrying a field errors map is handled per field by the caller before this is asked.
 */
export function formSubmissionErrorText(status: number, dataError?: unknown): string {
  switch (status) {
    case 401:
      return forms.unauthorized;
    case 404:
      return forms.notConfigured;
    case 429:
      return forms.rateLimited;
    case 500:
      return forms.sendFailed;
    default:
      return typeof dataError === 'string' && dataError.trim() !== '' ? dataError : forms.unknownError;
  }
}
