/** A new form: name, email and message, a form id of its own (`ids`), half the grid wide. */
export const formDefaults = {
  title: 'Contact us',
  fields: [
    { id: 'name', type: 'name', label: 'Name', required: true },
    { id: 'email', type: 'email', label: 'Email', required: true },
    { id: 'message', type: 'textarea', label: 'Message' },
  ],
};
export const formIds = ['formId'] as const;
export const formSize = { w: 12, h: 20 };
