/** What a site's owner is told when the platform takes an address their content had, and the content is moved. */
export const reservedPaths = {
  movedSubject: 'Pages of {site} have new addresses',
  moved:
    'The platform now answers some addresses itself (such as the checkout and download links of a shop), and {site} had content at them. So that visitors still reach it, it has moved:',
  movedLine: '{title}: {from} is now {to}',
  movedAfter:
    'Links you wrote to the old addresses in your menus were changed with it. Links elsewhere (in your text, or on other sites) should be updated to the new addresses.',
} as const;
