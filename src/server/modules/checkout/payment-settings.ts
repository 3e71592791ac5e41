/** Which ways to pay the store offers checkout (its payment settings: test mode, the manual methods). */
import type { PaymentChoice } from '../../../contracts/checkout';
import type { PaymentSettings } from '../payments';

export { paymentSettingsOf, type PaymentSettings } from '../payments';

/** Whether the store offers this way to pay: the test provider in test mode only, a card through Stripe once it is connected, a manual method when turned on. */
export function offered(settings: PaymentSettings, choice: PaymentChoice): boolean {
  switch (choice.provider) {
    case 'test':
      return settings.testMode;
    case 'stripe':
      return settings.stripe !== null;
    case 'manual':
      return settings.manualMethods.some((m) => m.method === choice.method && m.enabled);
  }
}

/** A manual method's instructions as the store words them now (copied onto the order). */
export function instructionsOf(settings: PaymentSettings, choice: PaymentChoice): string | null {
  return choice.provider === 'manual' ? (settings.manualMethods.find((m) => m.method === choice.method)?.instructions ?? null) : null;
}
