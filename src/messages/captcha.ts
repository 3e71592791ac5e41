/** The captcha in the browser (seed 001 §8). */
export const captcha = {
  notSetUp: 'ReCaptcha has not been set up!',
  renderFailed: 'Error rendering captcha into node',
} as const;
