/** The limits of a store's payment settings (Store → Payments), for the server's checks and the screen's fields alike. */

/** Days an unpaid manual order may wait before it cancels itself: at least one, at most about three months. */
export const MIN_CANCEL_UNPAID_DAYS = 1;
export const MAX_CANCEL_UNPAID_DAYS = 90;
/** A manual method's instructions (bank details, where to pick up) are shown and emailed whole: kept short enough for both. */
export const MAX_INSTRUCTIONS_LENGTH = 2000;
/** Order numbers are a PostgreSQL integer: the owner's start leaves room for a billion orders after it. */
export const MAX_ORDER_NUMBER = 1_000_000_000;
