/** A new button: a link to the home page, a quarter of the grid wide. */
export const buttonDefaults = { buttonText: 'Learn more', clickthroughUrl: '/' };
export const buttonSize = { w: 6, h: 2 };
