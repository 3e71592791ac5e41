/** What every published page carries around its content: the skip link, the badge, the contact bar. */
export const siteChrome = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  closeMenu: 'Close menu',
  badge: 'Made with OpenPress',
  contactDetails: 'Contact details',
} as const;
