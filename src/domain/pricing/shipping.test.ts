import { describe, expect, it } from 'vitest';
import { toPlace } from './location';
import { rateFixture, tieredRateFixture, zoneFixture } from './pricing.fixture';
import { coveringZone, rateAmount, selectOption, shippedWeight, shippingOptions } from './shipping';
import type { ShippingOption } from './types';

const place = (country: string, region?: string) => toPlace({ country, ...(region === undefined ? {} : { region }) })!;

describe('the zone that ships to a location', () => {
  const world = zoneFixture({ id: 'world', countries: ['*'] });
  const uk = zoneFixture({ id: 'uk', countries: ['GB'] });
  const scotland = zoneFixture({ id: 'scotland', countries: ['GB'], regions: ['GB-SCT'] });

  it('is the most specific: a region beats a country beats every country', () => {
    const zones = [world, uk, scotland];
    expect(coveringZone(zones, place('GB', 'GB-SCT'))?.id).toBe('scotland');
    expect(coveringZone(zones, place('GB', 'GB-ENG'))?.id).toBe('uk');
    expect(coveringZone(zones, place('GB'))?.id).toBe('uk');
    expect(coveringZone(zones, place('FR'))?.id).toBe('world');
  });

  it('reads the location in any case, and a region given without its country as the country’s', () => {
    expect(coveringZone([scotland], toPlace({ country: 'gb', region: 'sct' })!)?.id).toBe('scotland');
    expect(coveringZone([scotland], toPlace({ country: 'GB', region: 'gb-sct' })!)?.id).toBe('scotland');
  });

  it('is the first in order among equally specific zones', () => {
    expect(coveringZone([uk, zoneFixture({ id: 'uk2', countries: ['GB', 'IE'] })], place('GB'))?.id).toBe('uk');
  });

  it('is none when no zone covers the location', () => {
    expect(coveringZone([uk, scotland], place('FR'))).toBeNull();
    expect(coveringZone([scotland], place('GB'))).toBeNull();
  });
});

describe('what a rate costs a cart', () => {
  const measures = { weight: 2.5, discountedSubtotalCents: 4000 };

  it('is the amount of a flat rate or a pickup', () => {
    expect(rateAmount(rateFixture({ kind: 'FLAT', amountCents: 450 }), measures)).toBe(450);
    expect(rateAmount(rateFixture({ kind: 'PICKUP', amountCents: 0 }), measures)).toBe(0);
  });

  it('goes by the step with the greatest start at or below the weight, and is not offered below the first', () => {
    const byWeight = tieredRateFixture('w', 'WEIGHT', [
      [1, 300],
      [2.5, 600],
      [5, 900],
    ]);
    expect(rateAmount(byWeight, { ...measures, weight: 2.5 })).toBe(600);
    expect(rateAmount(byWeight, { ...measures, weight: 4.99 })).toBe(600);
    expect(rateAmount(byWeight, { ...measures, weight: 1 })).toBe(300);
    expect(rateAmount(byWeight, { ...measures, weight: 20 })).toBe(900);
    expect(rateAmount(byWeight, { ...measures, weight: 0.5 })).toBeNull();
  });

  it('goes by the subtotal after discounts for a rate by subtotal', () => {
    const bySubtotal = tieredRateFixture('s', 'SUBTOTAL', [
      [0, 800],
      [5000, 400],
    ]);
    expect(rateAmount(bySubtotal, { ...measures, discountedSubtotalCents: 4999 })).toBe(800);
    expect(rateAmount(bySubtotal, { ...measures, discountedSubtotalCents: 5000 })).toBe(400);
  });

  it('is free from its free-above subtotal on', () => {
    const rate = rateFixture({ amountCents: 500, freeAboveCents: 4000 });
    expect(rateAmount(rate, { ...measures, discountedSubtotalCents: 3999 })).toBe(500);
    expect(rateAmount(rate, { ...measures, discountedSubtotalCents: 4000 })).toBe(0);
  });
});

describe('the options a cart is offered', () => {
  it('lists the zone’s rates the cart qualifies for, in the zone’s order, with their notes', () => {
    const zone = zoneFixture({
      rates: [
        rateFixture({ id: 'std', amountCents: 500, note: '2–4 working days' }),
        rateFixture({ id: 'heavy', kind: 'WEIGHT', tiers: [{ from: 10, amountCents: 2000 }] }),
        rateFixture({ id: 'collect', name: 'Collect', kind: 'PICKUP', amountCents: 0 }),
      ],
    });
    expect(shippingOptions(zone, { weight: 1, discountedSubtotalCents: 1000 })).toEqual([
      { id: 'std', zoneId: 'z1', name: 'Standard', kind: 'FLAT', amountCents: 500, note: '2–4 working days' },
      { id: 'collect', zoneId: 'z1', name: 'Collect', kind: 'PICKUP', amountCents: 0 },
    ]);
  });

  it('selects the option chosen, else the cheapest, the first among equals', () => {
    const option = (id: string, amountCents: number): ShippingOption => ({ id, zoneId: 'z1', name: id, kind: 'FLAT', amountCents });
    const options = [option('a', 700), option('b', 300), option('c', 300)];
    expect(selectOption(options, 'a')?.id).toBe('a');
    expect(selectOption(options, 'gone')?.id).toBe('b');
    expect(selectOption(options, undefined)?.id).toBe('b');
    expect(selectOption([], 'a')).toBeNull();
  });

  it('weighs the physical lines only, weight times quantity, without float dust', () => {
    const lines = [
      { productType: 'PHYSICAL', weight: 0.1, quantity: 3 },
      { productType: 'DIGITAL', weight: 5, quantity: 1 },
      { productType: 'PHYSICAL', weight: 1.25, quantity: 2 },
    ];
    expect(shippedWeight(lines)).toBe(2.8);
    expect(shippedWeight([{ productType: 'PHYSICAL', weight: 0.1, quantity: 3 }])).toBe(0.3);
  });
});
