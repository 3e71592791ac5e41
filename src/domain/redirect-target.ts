/**
 * The one same-origin check for every redirect target the product accepts from a request or an
 * address bar (a returnTo after sign-in, the config area's frameUrl, the logout return, the
 * trailing-slash redirect). The value is read the way a browser reads it (`new URL(value,
 * origin)`) and kept only when it lands on the same origin, as a path. Control characters and
 * backslashes are refused before that: browsers drop tabs and newlines and read '\' as '/', so
 * '/\t/evil.example' and '/\evil.example' would leave the site while looking like paths.
 */

/** A control character (U+0000–U+001F, U+007F) or a backslash. */
function unsafe(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/**
 * `value` as a path on `origin` (path, query and fragment), or undefined when it would lead
 * anywhere else or cannot be read. The answer never starts with '//'.
 */
export function sameOriginPath(value: string | null | undefined, origin: string): string | undefined {
  if (!value || unsafe(value)) return undefined;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  // 'https://site//evil.example' is on the site, but its path alone would be protocol-relative.
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
}
