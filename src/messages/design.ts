/** The Design screen's calls (/api/config/design…): the design's draft, publishing, versions and the palette from an image. */
export const design = {
  draftConflict: 'Someone else saved the design after the version your change was based on. See their version, keep yours, or use theirs.',
  publishConflict: 'The design changed after the version you asked to publish. Look at the latest design, then publish again.',
  invalidDesign: 'Some design settings are not valid: each one says what to change.',
  noRevision: 'The design has no published version with this number.',
  notAnImage: 'Choose an image of the site’s files: this file is not one.',
  noFile: 'The site has no file at this address.',
} as const;
