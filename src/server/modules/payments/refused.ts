/** A provider's refusal that no retry would change (a malformed or impossible request), as opposed to ProviderUnavailable. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}
