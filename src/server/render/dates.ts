/** A day as a site's pages write it: long, in the site's language and time zone (US English in UTC when either is not one the runtime knows). */
export function formatLongDate(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  }
}
