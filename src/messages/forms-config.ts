/** The config area's forms, submissions and newsletter subscribers, as the config API answers. */
export const formsConfig = {
  noForm: 'This site has no form with this id.',
  noList: 'This site has no newsletter list with this id.',
  noSubmission: 'This form has no submission with this number.',
  noFormPage: 'This site has no page with this form.',
  noSubscriber: 'This list has no subscriber with this address.',
} as const;
