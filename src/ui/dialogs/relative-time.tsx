/**
 * A timestamp in words (seed 001 §9): 'just now' at 0 s, 'about N seconds ago' under a minute,
 * then the date; rewritten every RELATIVE_TIME_REFRESH_MS. The exact instant stays machine-readable
 * in <time datetime>.
 */
import { useEffect, useState } from 'react';
import { RELATIVE_TIME_REFRESH_MS, relativeTimeText } from '../../domain/popups';

export type RelativeTimeProps = {
  date: Date | number | string;
  /** The text from a minute on; the visitor's locale, medium date and short time by default. */
  formatDate?: (date: Date) => string;
};

const defaultFormat = (date: Date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);

export function RelativeTime({ date, formatDate = defaultFormat }: RelativeTimeProps) {
  const at = new Date(date);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // A server-rendered island was rendered at another instant, so its words may differ.
  return (
    <time dateTime={at.toISOString()} suppressHydrationWarning>
      {relativeTimeText(now - at.getTime(), () => formatDate(at))}
    </time>
  );
}
