/** The asset library and the file calls: labels, statuses and the server's refusals (the seeds' own file texts are in strings.ts). */
export const siteFilesText = {
  // ---- refusals the server answers ----
  noSuchFile: 'There is no such file on this site. It may have been deleted: reload the list.',
  tooManyPixels:
    'The image {fileName} is too large to process: at most {megapixels} megapixels (width times height) are accepted. Resize it and upload it again.',
  unreadableImage: '{reason}: {fileName} could not be read as an image. It may be damaged; export it again and upload the new copy.',
  inUse:
    '{name} is used on {count, plural, one {# page or post} other {# pages or posts}} ({titles}). Remove it from there first, or replace it with another file.',
  noSpace:
    '{fileName} does not fit: the site has {left} of space left, of its {quota}. Delete files it no longer uses, or ask the server’s operator for more space.',
  siteSettings: 'Site settings',
  /** The Design screen's logo and site icon, when the picked address is not an image of the site. */
  logoNotFound: 'There is no file {name} on this site: pick the logo again from Files.',
  logoNotImage: '{name} is not an image: the logo must be a PNG, JPEG, WebP, GIF, AVIF or SVG file.',
  iconNotFound: 'There is no file {name} on this site: pick the site icon again from Files.',
  iconNotImage: '{name} is not an image: the site icon must be a PNG, JPEG, WebP, GIF, AVIF or SVG file.',
  uploadNeedsName: 'Send the file’s name in the X-File-Name header.',
  /** The {fileTypeMessage} of the seed's unsupported-file text, when a replacement must be of the file's own kind. */
  kindImage: 'image ',
  kindVideo: 'video ',
  kindAudio: 'audio ',
  kindDocument: 'document ',
} as const;
