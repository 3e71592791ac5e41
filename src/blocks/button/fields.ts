/** The button block's editable properties: its words, where it leads, and how it looks. */
import { choices, describeFields } from '../fields';
import { buttonData } from './schema';

export const buttonFields = describeFields(buttonData.shape, {
  buttonText: { type: 'text', label: 'Button text' },
  clickthroughUrl: { type: 'link', label: 'Link', hint: 'A path (/about), an anchor (#top), an address (https://…), or a mailto:, tel: or sms: link.' },
  newWindow: { type: 'checkbox', label: 'Open the link in a new window' },
  style: { type: 'select', label: 'Style', options: choices({ primary: 'Primary', secondary: 'Secondary', tertiary: 'Tertiary (a link)' }) },
  size: { type: 'select', label: 'Size', options: choices({ small: 'Small', medium: 'Medium', large: 'Large' }) },
  alignment: { type: 'select', label: 'Alignment', options: choices({ left: 'Left', center: 'Centre', right: 'Right' }) },
});
