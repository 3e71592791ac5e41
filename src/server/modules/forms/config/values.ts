/** How stored times read (in answers and in CSV files), and how a search text becomes a pattern. */

export const isoTime = (d: Date | string) => new Date(d).toISOString();
/** Spreadsheet apps read this as a date and time; the header says it is UTC. */
export const csvTime = (d: Date | string | null) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 19) : '');

/** An ILIKE pattern that matches `text` anywhere, with the pattern's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
