/** The system pages a visitor may get instead of a page: not found, and an error. */
export const systemPages = {
  notFoundTitle: 'Page not found',
  notFound: 'We couldn’t find the page you were looking for. It may have moved, or the address may be mistyped.',
  error: 'This page could not be shown. Please try again in a moment.',
  nothingPublished: 'Nothing has been published here yet.',
  readMore: 'Read more: {title}',
  passwordProtected: 'This page is protected by a password.',
  membersOnly: 'Members only',
  membersOnlyTitle: 'Members only — {site}',
  homeLink: 'Go to the home page',
  unlock: 'Unlock',
  tags: 'Tags',
  readMoreLink: 'Read more',
} as const;
