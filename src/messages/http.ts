/** What any call can be answered with: the request guards, the client errors by status, the site lookup. */
export const http = {
  noSite: 'No site is published at this address.',
  badHost: 'The Host header must be a host name or address, with an optional port.',
  badText: 'Some fields are not valid.',
  urlNul: 'The address must not contain the NUL character (U+0000).',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  notFound: 'Nothing is at this address.',
  badRequest: 'The request could not be read: its body is not valid for its content type.',
  methodNotAllowed: 'This address does not take that method.',
  notAcceptable: 'This address cannot answer in the format asked for.',
  requestTimeout: 'The request took too long to arrive.',
  lengthRequired: 'The request must say how long its body is.',
  bodyTooLarge: 'The request body is too large.',
  addressTooLong: 'The address is too long.',
  unsupportedMediaType: 'This address does not take a body of that content type.',
  headersTooLarge: 'The request headers are too large.',
  noSuchCall: 'No such call.',
  crossSite: 'This request came from another site, so it was refused.',
  crumbFailed:
    'The security token (crumb) was missing or out of date. Send the new crumb this answer sets, or reload the page, and try again.',
  rateLimitsUnavailable: 'This cannot be done right now. Please try again in a minute.',
  roleNotAllowed: 'Your role on this site does not allow this.',
} as const;
