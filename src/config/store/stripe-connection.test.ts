import { describe, expect, it } from 'vitest';
import { stripeConnectionBody } from '../../contracts/payments';
import { connectionBody } from './stripe-connection';

describe('the body of a Stripe connection', () => {
  it('sends every key typed, trimmed', () => {
    const body = connectionBody({
      publishableKey: ' pk_test_abcdefgh12345678 ',
      secretKey: 'sk_test_abcdefgh12345678\n',
      webhookSecret: ' whsec_abcdefgh12345678',
    });
    expect(body).toEqual({ publishableKey: 'pk_test_abcdefgh12345678', secretKey: 'sk_test_abcdefgh12345678', webhookSecret: 'whsec_abcdefgh12345678' });
    expect(stripeConnectionBody.safeParse(body).success).toBe(true);
  });

  it('leaves out a secret left empty (or only spaces), so the stored one is kept', () => {
    expect(connectionBody({ publishableKey: 'pk_live_abcdefgh12345678', secretKey: '', webhookSecret: '  ' })).toEqual({
      publishableKey: 'pk_live_abcdefgh12345678',
    });
    expect(connectionBody({ publishableKey: 'pk_live_abcdefgh12345678', secretKey: ' ', webhookSecret: 'whsec_new12345678' })).toEqual({
      publishableKey: 'pk_live_abcdefgh12345678',
      webhookSecret: 'whsec_new12345678',
    });
  });

  it('sends an empty publishable key as it is, for the server to name what is missing', () => {
    const body = connectionBody({ publishableKey: '', secretKey: '', webhookSecret: '' });
    expect(body).toEqual({ publishableKey: '' });
    expect(stripeConnectionBody.safeParse(body).error?.issues.map((i) => i.path.join('.'))).toEqual(['publishableKey']);
  });
});
