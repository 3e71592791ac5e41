/** The measurement API's refusals. */
export const measurementApi = {
  tooLarge: 'This measurement call is too large.',
  unreadable: 'This measurement call could not be read',
  otherSite: 'This call names another site than the one it was sent to.',
  rateLimited: 'Too many measurement calls from this address. Please try again in a minute.',
} as const;
