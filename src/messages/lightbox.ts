/**
 * The gallery lightbox (seed 001 §4, §5): its controls, the name a slide takes as the button that
 * opens it, the mobile caption toggle, and the warning logged when its code cannot be loaded (the
 * seed's "lower tier"). The title defaults to the gallery namespace's lightboxDefaultTitle, and
 * previous / next / counter are the gallery block's words and the play control the video block's.
 */
export const lightbox = {
  close: 'Close the lightbox',
  open: 'View image {current} of {total} larger',
  openNamed: 'View larger: {name}',
  caption: 'Caption',
  unavailable: 'The lightbox is unavailable (its code could not be loaded); the gallery stays as it is.',
} as const;
