/** The newsletter block's editable properties: its texts, whether it asks for a name, captcha and disclaimer. */
import { describeFields } from '../fields';
import { newsletterData } from './schema';

export const newsletterFields = describeFields(newsletterData.shape, {
  title: { type: 'text', label: 'Title' },
  description: { type: 'textarea', rows: 3, label: 'Description' },
  askName: { type: 'checkbox', label: 'Ask for a name besides the email address' },
  buttonText: { type: 'text', label: 'Button text' },
  successText: { type: 'text', label: 'Text shown after signing up' },
  captcha: { type: 'checkbox', label: 'Ask visitors to complete a captcha', hint: 'Shown only once the site has a captcha key.' },
  disclaimerHtml: { type: 'textarea', html: 'text', rows: 3, label: 'Disclaimer shown under the button' },
});
