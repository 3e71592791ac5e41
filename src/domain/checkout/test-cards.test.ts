import { describe, expect, it } from 'vitest';
import { cardDigits, TEST_CARD_OUTCOMES, TEST_CARDS, testCardOf } from './test-cards';

/** Luhn's check, which every card number passes, test cards included. */
function luhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const n = Number(d) * (i % 2 === 1 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  });
  return sum % 10 === 0;
}

describe('the test cards', () => {
  it('give every outcome one card with a label of its own, each number a valid 16-digit card number', () => {
    expect(TEST_CARDS.map((c) => c.outcome).sort()).toEqual([...TEST_CARD_OUTCOMES].sort());
    for (const card of TEST_CARDS) {
      expect(cardDigits(card.number)).toMatch(/^\d{16}$/);
      expect(luhn(cardDigits(card.number)), card.number).toBe(true);
    }
    expect(new Set(TEST_CARDS.map((c) => c.label)).size).toBe(TEST_CARDS.length);
  });

  it('keep Stripe’s numbers for the outcomes Stripe has, and ours (4999 99…) for the rest', () => {
    expect(testCardOf('4242 4242 4242 4242')?.outcome).toBe('succeed');
    expect(testCardOf('4000000000000002')?.outcome).toBe('decline');
    expect(testCardOf('4000-0025-0000-3155')?.outcome).toBe('requires_action');
    expect(testCardOf('pm_card_chargeDeclinedInsufficientFunds')?.outcome).toBe('insufficient_funds');
    for (const card of TEST_CARDS.filter((c) => !c.stripePaymentMethod)) expect(card.number.startsWith('4999 99')).toBe(true);
    expect(testCardOf('4111 1111 1111 1111')).toBeUndefined();
  });
});
