/** Relative time (seed 001 §9; seed 000 §9 words the under-a-minute case differently). */
export const relativeTime = {
  justNow: 'just now',
  secondsAgo: 'about {N} seconds ago',
  underMinute: 'less than a minute ago',
} as const;
