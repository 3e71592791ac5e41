/**
 * The form block's editable properties in the form editor's tabs (seed 001 §3: build, storage,
 * advanced, captcha, disclaimer), and the properties of each field type. The list of fields and
 * the automatic reply need more than the generic controls: they are custom editors (./editor.tsx).
 */
import { FORM_FIELD_TYPES, type FormFieldType, type FormSettingsTab, type TextFieldAsks } from '../../domain/forms';
import { choices, describeFields, type FieldGroup, type Fields } from '../fields';
import { formData, formFieldSchema } from './schema';

export const FORM_GROUPS: readonly (FieldGroup & { key: FormSettingsTab })[] = [
  { key: 'build', label: 'Build' },
  { key: 'storage', label: 'Storage', intro: "Every submission is kept in this site's database. It can also go to these places." },
  { key: 'advanced', label: 'Advanced' },
  { key: 'captcha', label: 'Captcha' },
  { key: 'disclaimer', label: 'Disclaimer' },
];

/** Field types by the name the editor shows. */
export const FORM_FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  text: 'Text (one line)',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  currency: 'Currency',
  phone: 'Phone',
  name: 'Name',
  address: 'Address',
  date: 'Date',
  time: 'Time',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Drop-down list',
  likert: 'Likert scale',
  hidden: 'Hidden',
  section: 'Section heading',
};

const settings = formData.shape.settings.unwrap().shape;

/** What a one-line text field can ask for, in the owner's words. */
const TEXT_FIELD_ASK_LABELS = choices({ anything: 'Any text', name: "A person's name", phone: 'A phone number in one field' } satisfies Record<
  TextFieldAsks,
  string
>);

export const formFields = describeFields(formData.shape, {
  title: { type: 'text', label: 'Form title', hint: 'Shown above the form. Leave empty for none.', group: 'build' },
  fields: { type: 'custom', editor: 'form-fields', label: 'Fields', heading: 'Fields', group: 'build' },
  settings: {
    type: 'object',
    label: 'Settings',
    fields: describeFields(settings, {
      submitButtonText: { type: 'text', label: 'Submit button text', heading: 'Submit button', group: 'build' },
      disableValidation: {
        type: 'checkbox',
        label: 'Skip checking the fields in the browser before sending',
        hint: 'The server checks every submission either way.',
        group: 'build',
      },
      notifyEmails: { type: 'lines', rows: 3, label: 'Email each submission to (one address per line)', group: 'storage' },
      autoReply: { type: 'custom', editor: 'form-auto-reply', label: 'Send the visitor an automatic reply', group: 'storage' },
      webhookUrl: {
        type: 'text',
        inputType: 'url',
        label: 'Send each submission to this web address (webhook)',
        hint: 'An https address that receives each submission as JSON.',
        group: 'storage',
      },
      redirectUrl: {
        type: 'link',
        label: 'After sending, go to this address',
        hint: 'Leave empty to stay on the page and show the text below.',
        group: 'advanced',
      },
      submissionHtml: { type: 'textarea', html: 'text', rows: 3, label: 'Text shown after sending', group: 'advanced' },
      postSubmitHtml: { type: 'textarea', html: 'text', rows: 3, label: 'More text shown after sending', group: 'advanced' },
      captcha: {
        type: 'checkbox',
        label: 'Ask visitors to complete a captcha',
        hint: 'Shown only once the site has a captcha key; turning captcha on gives the site one.',
        group: 'captcha',
      },
      disclaimerHtml: {
        type: 'textarea',
        html: 'text',
        rows: 4,
        label: 'Disclaimer shown above the submit button',
        hint: 'Sending the form accepts it.',
        group: 'disclaimer',
      },
    }),
  },
});

const shapeOf = (type: FormFieldType) => formFieldSchema.options.find((o) => o.shape.type.value === type)!.shape;

/** The properties an owner edits on a field of each type (seed 001 §3), in the order the editor shows them. */
export const FORM_FIELD_FIELDS: Readonly<Record<FormFieldType, Fields>> = Object.fromEntries(
  FORM_FIELD_TYPES.map((type) => {
    const valueField = type !== 'hidden' && type !== 'section';
    const choices = type === 'radio' || type === 'checkbox' || type === 'select' || type === 'likert';
    const fields: Fields = {
      label: { type: 'text', label: 'Label' },
      description: {
        type: 'text',
        label: 'Description',
        hint: type === 'section' ? 'Shown under the heading.' : 'Shown with the field to help people fill it in.',
      },
      ...(type === 'text' || type === 'textarea' || type === 'email' || type === 'number' ? { placeholder: { type: 'text', label: 'Placeholder' } } : {}),
      ...(valueField ? { required: { type: 'checkbox', label: 'Required' } } : {}),
      ...(type === 'textarea'
        ? {
            maxLength: {
              type: 'number',
              label: 'Maximum length (characters)',
              hint: 'Applies while “Text area length limit” is on under Labs. Leave empty for no limit.',
            },
          }
        : {}),
      ...(type === 'text'
        ? {
            asks: {
              type: 'select',
              label: 'Asks for',
              options: TEXT_FIELD_ASK_LABELS,
              hint: 'A phone number gets a telephone keyboard and is checked as one.',
            },
          }
        : {}),
      ...(type === 'currency' ? { currencySymbol: { type: 'text', label: 'Currency symbol' } } : {}),
      ...(type === 'phone' ? { showCountryCode: { type: 'checkbox', label: 'Show the country code' } } : {}),
      ...(type === 'section' ? { underline: { type: 'checkbox', label: 'Underline the heading' } } : {}),
      ...(choices ? { options: { type: 'lines', label: type === 'likert' ? 'Statements (one per line)' : 'Options (one per line)' } } : {}),
      ...(type === 'hidden'
        ? {
            key: { type: 'text', label: 'Query parameter', hint: 'The field takes its value from this parameter of the page address, such as utm_source.' },
            value: { type: 'text', label: 'Value when the address has none' },
          }
        : {}),
    } satisfies Fields;
    return [type, describeFields(shapeOf(type), fields)];
  }),
) as Record<FormFieldType, Fields>;
