/**
 * The one rule for text the server accepts, wherever it arrives (a body, a query, a path, or JSON
 * held inside a field): a NUL character is refused, since PostgreSQL cannot store it and a
 * request carrying one is never a person's input; a lone UTF-16 surrogate (which JSON escapes can
 * carry, and which no text encoding can store) becomes U+FFFD; nesting deeper than any call takes
 * is refused. The request guard (plugins/request-guards.ts) applies it to every request; calls
 * that unpack JSON text from a field apply it again to what they unpack.
 */

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const TOO_DEEP_MESSAGE = 'is nested too deeply';
/** Deeper than any call's data goes (a site document is about a dozen levels). */
export const MAX_TEXT_DEPTH = 64;

export type TextCheck = {
  /** The value with lone surrogates replaced (the same object when nothing needed replacing). */
  value: unknown;
  /** Paths (`a.b.0`, `_` for the value itself) of strings or keys holding a NUL. */
  nul: string[];
  tooDeep: boolean;
};

const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/** Lone surrogates replaced; a string without any is answered as it is (no copy). */
function wellFormed(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;
}

/** Checks every string and key of a parsed JSON value (or a query object). */
export function checkText(value: unknown, maxDepth = MAX_TEXT_DEPTH): TextCheck {
  const nul: string[] = [];
  let tooDeep = false;
  const walk = (v: unknown, path: string, depth: number): unknown => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) nul.push(path || '_');
      return wellFormed(v);
    }
    if (typeof v !== 'object' || v === null || Buffer.isBuffer(v)) return v;
    if (depth >= maxDepth) {
      tooDeep = true;
      return v;
    }
    const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((item, i) => {
        const next = walk(item, at(i), depth + 1);
        changed ||= next !== item;
        return next;
      });
      return changed ? out : v;
    }
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      if (key.includes('\u0000')) nul.push(at(key.replaceAll('\u0000', '\\0')));
      const k = wellFormed(key);
      const next = walk(item, at(k), depth + 1);
      changed ||= next !== item || k !== key;
      out[k] = next;
    }
    return changed ? out : v;
  };
  const checked = walk(value, '', 0);
  return { value: checked, nul, tooDeep };
}

/** A path, query or other URL text: whether it holds a NUL, raw or percent-encoded. */
export function urlHoldsNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}
