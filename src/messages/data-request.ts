/** What a failed data request shows (seed 000 §8), by the status it failed with (domain/request-errors.ts). */
export const dataRequest = {
  unauthorized: 'Unauthorized request',
  internalServerError: 'Internal server error. Please try again later.',
  serviceUnavailable: 'This service is temporarily unavailable. Please try again later.',
  unableToConnect: 'Unable to connect…',
  unparseableJson: 'Internal Error: Unable to parse server response from ({url}) as JSON: {message}',
} as const;
