/** The cookie banner's default texts (seed 000 §9). */
export const cookieBanner = {
  accept: 'Accept',
  decline: 'Decline',
  text: 'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.',
} as const;
