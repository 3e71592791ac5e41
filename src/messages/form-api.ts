/** The form submission API's own refusals (the visitor texts by status are in forms.ts). */
export const formApi = {
  keyInvalid: 'This form submission key is not valid: it is missing, already used, expired, or was issued to another browser. Please try again.',
  tooLarge: 'The form is too large to send. Please shorten your entries and try again.',
  unreadable: 'The form submission could not be read',
  nulField: 'This field contains a character that cannot be saved. Remove it and try again.',
} as const;
