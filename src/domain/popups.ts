/**
 * Popups, tooltips and the relative-time display of seed 001 (§4, §5, §9): confirmation styles and
 * events, dialog sizes and timings, and the relative-time wording. The dialog base z-index is the
 * shared constant in design-tokens.ts.
 */
import { format } from '../messages/format';
import { relativeTime } from '../messages/relative-time';

export const CONFIRMATION_STYLES = ['confirm-or-reject', 'confirm-or-cancel', 'confirm-only', 'no-buttons'] as const;
export type ConfirmationStyle = (typeof CONFIRMATION_STYLES)[number];
export const DEFAULT_CONFIRMATION_STYLE: ConfirmationStyle = 'confirm-or-cancel';

export const POPUP_EVENTS = ['show', 'hide', 'confirm', 'reject', 'cancel'] as const;
export type PopupEvent = (typeof POPUP_EVENTS)[number];

export const POPUP = {
  WIDTH_PX: 350,
  PADDING_PX: 20,
  /** Hiding ends after the transition or after this, whichever comes first. */
  HIDE_FALLBACK_MS: 600,
  /** The information popup hides itself after this, which counts as confirm. */
  INFORMATION_AUTO_HIDE_MS: 2000,
  INFORMATION_POSITION: 'top-right',
} as const;

export const TOOLTIP = {
  DELAY_MS: 1200,
  WIDTH_PX: 250,
  OFFSET_PX: 15,
  EDGE_MARGIN_PX: 20,
  ANIMATION_SECONDS: 0.3,
} as const;

export const RELATIVE_TIME_REFRESH_MS = 5000;

/**
 * Seed 001 §9: 'just now' at 0 s, 'about N seconds ago' under 60 s, then the date as
 * `formatDate` writes it.
 */
export function relativeTimeText(elapsedMs: number, formatDate: () => string): string {
  const seconds = Math.floor(Math.max(0, elapsedMs) / 1000);
  if (seconds === 0) return relativeTime.justNow;
  if (seconds < 60) return format(relativeTime.secondsAgo, { N: seconds });
  return formatDate();
}
