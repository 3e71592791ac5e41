import { describe, expect, it } from 'vitest';
import { ATTEMPT_KEY_PATTERN } from '../../domain/checkout/protocol';
import { placeOrderRequest } from '../../contracts/checkout';
import { addressProblems, newAttemptKey, placeRequest, shippingPlace, type CheckoutValues } from './checkout-model';

const us: CheckoutValues = {
  email: 'shopper@example.com',
  name: 'Ada Shopper',
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  region: 'US-IL',
  postcode: '62701',
  country: 'US',
  method: 'test',
  card: '4242 4242 4242 4242',
};

describe('the checkout form’s own checks', () => {
  // covers 000-5.01
  it('takes a US ZIP code of exactly 5 digits and refuses any other, saying so', () => {
    expect(addressProblems(us)).toEqual({});
    for (const bad of ['1234', '123456', '1234a', '']) expect(addressProblems({ ...us, postcode: bad }).postcode).toBe('A US ZIP code is exactly 5 digits.');
    expect(addressProblems({ ...us, country: 'GB', region: '', postcode: 'SW1A 1AA' })).toEqual({});
  });

  it('asks for a region from the list where the country has one', () => {
    expect(addressProblems({ ...us, region: '' }).region).toBe('Choose a state or province from the list.');
    expect(addressProblems({ ...us, country: 'CA', region: 'CA-ON', postcode: 'K1A 0B1' })).toEqual({});
  });
});

describe('what the page sends', () => {
  it('makes attempt keys the place call takes, a new one each time', () => {
    const a = newAttemptKey();
    expect(a).toMatch(ATTEMPT_KEY_PATTERN);
    expect(newAttemptKey()).not.toBe(a);
  });

  it('sends a request the contract accepts: the address when the cart ships, none when it does not', () => {
    const shipped = placeOrderRequest.parse(placeRequest(us, newAttemptKey(), true));
    expect(shipped.shippingAddress).toEqual({
      name: 'Ada Shopper',
      line1: '1 Main Street',
      city: 'Springfield',
      region: 'US-IL',
      postcode: '62701',
      country: 'US',
    });
    expect(shipped.payment).toEqual({ provider: 'test', card: '4242424242424242' });
    const digital = placeOrderRequest.parse(placeRequest({ ...us, method: 'bank_transfer' }, newAttemptKey(), false));
    expect(digital.shippingAddress).toBeUndefined();
    expect(digital.payment).toEqual({ provider: 'manual', method: 'bank_transfer' });
  });

  it('tells the cart where the shopper is, with a region only when it is a listed code', () => {
    expect(shippingPlace(us)).toEqual({ country: 'US', region: 'US-IL', postcode: '62701' });
    expect(shippingPlace({ ...us, country: 'GB', region: 'Somerset', postcode: '' })).toEqual({ country: 'GB' });
    expect(shippingPlace({ ...us, country: '' })).toBeUndefined();
  });
});
