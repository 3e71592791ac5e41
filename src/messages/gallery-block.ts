/** The gallery block's words: its controls and counter for visitors, and what the editor says of its images. */
export const galleryBlock = {
  regionNamed: 'Gallery: {title}',
  previous: 'Previous',
  next: 'Next',
  counter: '{current} of {total}',
  slideLabel: 'Image {current} of {total}',
  videoSlideLabel: 'Video {current} of {total}',
  thumbnails: 'Thumbnails',
  showImage: 'Show image {current} of {total}',
  showVideo: 'Show video {current} of {total}',
  watchVideo: 'Watch {title}',
  transitionUnknown: "Transition ''{name}'' could not be found.",
  empty: 'This gallery has no images yet.',
  addFromLibrary: 'Add an image from the library',
  videoAddress: 'Video address',
  videoAddressHint:
    'A Vimeo, YouTube, Wistia or Animoto address. When you save, its title and poster are fetched and the poster is copied into your files; visitors contact the provider only when they press play.',
  addVideo: 'Add the video',
  videoAdded: 'Video added at position {position}. Save to fetch its title and poster.',
  invalidVideos: 'These video addresses are not from Vimeo, YouTube, Wistia or Animoto and are left out of the page: positions {positions}.',
  missingImages: 'These images are no longer in the library and are left out of the page: {names}. Remove them or pick them again.',
  missingAlt: 'Images without alternative text: {positions}. Describe what each shows, for people who cannot see it.',
} as const;
