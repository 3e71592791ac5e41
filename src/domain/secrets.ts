/**
 * Saved secrets in the config area (seed 001 §9: the mask shown for a saved password is a fixed
 * string). A field whose secret is saved shows this mask, the same whatever the secret is; the
 * server answers it in place of a saved secret, and takes it back on a save as "keep the one
 * stored".
 */
export const MASKED_SECRET = '••••••••';

/** Whether a value sent with a save means "keep the stored secret": left out, or the mask sent back. */
export function keepsStoredSecret(value: string | undefined): value is typeof MASKED_SECRET | undefined {
  return value === undefined || value === MASKED_SECRET;
}
