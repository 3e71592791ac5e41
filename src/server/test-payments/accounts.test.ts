import { describe, expect, it } from 'vitest';
import { testCard } from '../../domain/checkout/test-cards';
import { createAccounts } from './accounts';
import { IDEMPOTENCY_KEY_TTL_S, type LedgerRecord } from './stripe-objects';

const now = () => Math.floor(Date.now() / 1000);

describe('the service’s accounts', () => {
  it('forget an idempotency key’s answer after a day, as Stripe does', () => {
    const accounts = createAccounts(() => 'http://pay.test');
    accounts.apply({ t: 'idem', p: 'a', k: 'old', a: { fingerprint: 'f', status: 200, body: {}, at: now() - IDEMPOTENCY_KEY_TTL_S } });
    accounts.apply({ t: 'idem', p: 'a', k: 'new', a: { fingerprint: 'f', status: 200, body: {}, at: now() - IDEMPOTENCY_KEY_TTL_S + 60 } });
    expect(accounts.answer('a', 'old')).toBeUndefined();
    expect(accounts.answer('a', 'new')).toBeDefined();
    expect(accounts.answer('b', 'new')).toBeUndefined();
  });

  it('come back from their records as they were: a replayed ledger gives the same payments, charges and events', () => {
    const first = createAccounts(() => 'http://pay.test');
    const records: LedgerRecord[] = [];
    const created = first.createIntent('a', {
      amount: '700',
      currency: 'usd',
      capture_method: 'manual',
      confirm: 'true',
      payment_method: testCard('succeed').number,
    });
    records.push(...created.records);
    const id = (created.body as { id: string }).id;
    records.push(...first.captureIntent('a', id, {}).records);
    records.push(...first.createRefund('a', { payment_intent: id, amount: '200' }).records);
    const replayed = createAccounts(() => 'http://pay.test');
    for (const record of structuredClone(records)) replayed.apply(record);
    expect(replayed.retrieveIntent('a', id).body).toEqual(first.retrieveIntent('a', id).body);
    expect(replayed.listEvents('a', { limit: '100' }).body).toEqual(first.listEvents('a', { limit: '100' }).body);
    expect(replayed.chargeCount('a')).toBe(1);
    expect(replayed.createRefund('a', { payment_intent: id, amount: '501' }).status).toBe(400);
    expect(replayed.createRefund('a', { payment_intent: id, amount: '500' }).status).toBe(200);
  });
});
