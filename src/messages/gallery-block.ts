/** The gallery block's words: its controls and counter for visitors, and what the editor says of its images. */
export const galleryBlock = {
  regionNamed: 'Gallery: {title}',
  previous: 'Previous',
  next: 'Next',
  counter: '{current} of {total}',
  slideLabel: 'Image {current} of {total}',
  transitionUnknown: "Transition ''{name}'' could not be found.",
  empty: 'This gallery has no images yet.',
  addFromLibrary: 'Add an image from the library',
  missingImages: 'These images are no longer in the library and are left out of the page: {names}. Remove them or pick them again.',
  missingAlt: 'Images without alternative text: {positions}. Describe what each shows, for people who cannot see it.',
} as const;
