/**
 * A placement refused, as the place call answers it (src/contracts/checkout.ts placeOrderRefusal):
 * the status, the reason the checkout page acts on, and the words the shopper reads.
 */
import type { PlaceOrderRefusal, PlaceRefusal as Reason } from '../../../contracts/checkout';
import { checkoutApi } from '../../../messages/checkout-api';
import { format } from '../../../messages/format';

export class PlaceRefusal extends Error {
  constructor(
    readonly status: 400 | 402 | 404 | 409 | 502,
    readonly reason: Reason,
    message: string,
    readonly extra: { productName?: string; field?: string } = {},
  ) {
    super(message);
  }

  get body(): PlaceOrderRefusal {
    return { error: this.message, reason: this.reason, ...this.extra };
  }
}

export const refusals = {
  soldOut: (productName: string, left: number) =>
    new PlaceRefusal(
      409,
      'soldOut',
      left > 0 ? format(checkoutApi.onlyLeft, { left, product: productName }) : format(checkoutApi.soldOutOne, { product: productName }),
      {
        productName,
      },
    ),
  couponUsedUp: (code: string) => new PlaceRefusal(409, 'couponUsedUp', format(checkoutApi.couponUsedUp, { code })),
  cartChanged: (message: string) => new PlaceRefusal(409, 'cartChanged', message),
  invalid: (field: string, message: string) => new PlaceRefusal(400, 'invalid', message, { field }),
  paymentUnavailable: () => new PlaceRefusal(400, 'paymentUnavailable', checkoutApi.paymentUnavailable, { field: 'payment' }),
  declined: (reason: string) => new PlaceRefusal(402, 'declined', format(checkoutApi.declined, { reason })),
  providerUnavailable: () => new PlaceRefusal(502, 'providerUnavailable', checkoutApi.providerUnavailable),
  unpaid: () => new PlaceRefusal(409, 'unpaid', checkoutApi.unpaid),
};
