/** The site archive's export and import: what the server answers when it refuses one. */
export const siteArchiveText = {
  notAnArchive: 'This file is not a site archive (a .site.tar exported from a site, or a site document in .json); nothing was imported.',
  noDocument: 'The archive holds no site.json, the site document; nothing was imported.',
  documentFirst: 'The archive must begin with site.json, the site document, before the files; nothing was imported.',
  twoDocuments: 'The archive holds site.json twice; nothing was imported.',
  documentNotJson: 'The archive’s site.json is not JSON; nothing was imported.',
  documentTooLarge: 'The archive’s site.json is larger than {maxSize}; nothing was imported.',
  otherSite: 'The document is for the site "{found}", not "{identifier}".',
  strayEntry: 'The archive holds {name}, which is neither site.json nor a file under files/; nothing was imported.',
  unlistedFile: 'The archive holds {name}, which site.json does not list; nothing was imported.',
  twoCopies: 'The archive holds {name} twice; nothing was imported.',
  hashMismatch: 'The bytes of {name} do not match the SHA-256 site.json gives them: the archive is damaged. Nothing was imported.',
  tooLarge: 'The archive unpacks to more than {maxSize}, the most this server imports; nothing was imported.',
  tooCompressed: 'The archive unpacks to more than {ratio} times its own size, far more than a site’s files ever do; nothing was imported.',
  largerThanListed: 'The archive holds {name} larger than the {size} site.json gives it; nothing was imported.',
  moreThanDeclared: 'The archive holds more bytes than site.json declares for its files; nothing was imported.',
  noSpace: 'The site’s files would take more than its {quota} of space; nothing was imported.',
  siteGone: 'This site no longer exists.',
  bytesMissing:
    'The bytes of {name} are missing from the file store, so the site cannot be exported whole. Restore them from a backup, or replace or delete the file, then export again.',
} as const;
