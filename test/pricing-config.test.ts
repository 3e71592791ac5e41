/**
 * The owner's calls on the store's pricing rules over HTTP (src/contracts/pricing.ts): coupons with
 * their uses, shipping zones with their rates in the owner's order, the tax switches and rules;
 * each added, changed and deleted, bad input refused with a 400 naming the field (never a 500),
 * who may do what by sub-area, the crumb on every write, the rules in memory dropped on a change,
 * and an export carrying the rules that an import restores.
 */
import { describe, expect, it, vi } from 'vitest';
import { couponRow, couponsAnswer, shippingZoneAnswer, shippingZonesAnswer, taxRuleAnswer, taxRulesAnswer, taxSettingsAnswer } from '../src/contracts/pricing';
import { storeSiteForFile } from './store-harness';
import type { Client } from './session';

const site = storeSiteForFile('pricing-config');

const COUPONS = '/api/config/store/coupons';
const ZONES = '/api/config/store/shipping-zones';
const TAX = '/api/config/store/tax/settings';
const RULES = '/api/config/store/tax/rules';

const coupons = async () => couponsAnswer.parse((await site.owner.call('GET', COUPONS)).json());
const zones = async () => shippingZonesAnswer.parse((await site.owner.call('GET', ZONES)).json());
const rules = async () => taxRulesAnswer.parse((await site.owner.call('GET', RULES)).json()).rules;

/** A call that must be refused with a 400 naming `field`: its message is the answer. */
async function refusedField(as: Client, method: 'POST' | 'PUT', url: string, body: unknown, field: string): Promise<string> {
  const res = await as.call(method, url, body);
  expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
  const message = (res.json() as { errors?: Record<string, string> }).errors?.[field];
  expect(message, res.body).toBeTruthy();
  return message!;
}

/** A rate by weight or subtotal with its steps, each `[from, amountCents]`. */
const stepped = (name: string, kind: 'WEIGHT' | 'SUBTOTAL', steps: [number, number][]) => ({
  name,
  kind,
  tiers: steps.map(([from, amountCents]) => ({ from, amountCents })),
});

const ukZone = {
  name: 'United Kingdom',
  countries: ['GB'],
  rates: [
    { name: 'Standard', kind: 'FLAT', amountCents: 450, freeAboveCents: 6000, note: '2–4 working days' },
    { name: 'Express', kind: 'FLAT', amountCents: 900 },
  ],
};

describe('coupons', () => {
  it('are added, listed with their uses, changed keeping their uses, and deleted', async () => {
    expect(await coupons()).toEqual({ currency: 'USD', coupons: [] });
    const res = await site.owner.call('POST', COUPONS, { code: 'Welcome10', kind: 'PERCENT', percentOff: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const added = couponRow.parse(res.json());
    expect(added).toEqual({
      coupon: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        code: 'Welcome10',
        kind: 'PERCENT',
        percentOff: 10,
        minimumSubtotalCents: 0,
        oncePerCustomer: false,
        enabled: true,
      },
      usedCount: 0,
    });
    const limited = {
      code: 'SPRING5',
      kind: 'FIXED_AMOUNT',
      amountOffCents: 500,
      minimumSubtotalCents: 3000,
      startsAt: '2027-03-01T00:00:00.000Z',
      endsAt: '2027-04-01T00:00:00.000Z',
      usageLimit: 100,
      oncePerCustomer: true,
    };
    const spring = couponRow.parse((await site.owner.call('POST', COUPONS, limited)).json());
    expect((await coupons()).coupons.map((c) => c.coupon.code)).toEqual(['Welcome10', 'SPRING5']);

    // Three orders used it; a change keeps the count.
    await site.database.pool.query('UPDATE coupons SET used_count = 3 WHERE website_id = $1 AND id = $2', [site.websiteId, spring.coupon.id]);
    const changed = await site.owner.call('PUT', `${COUPONS}/${spring.coupon.id}`, { ...limited, usageLimit: 50, enabled: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(couponRow.parse(changed.json())).toEqual({ coupon: { ...limited, id: spring.coupon.id, usageLimit: 50, enabled: false }, usedCount: 3 });
    expect((await coupons()).coupons[1]).toEqual({ coupon: { ...limited, id: spring.coupon.id, usageLimit: 50, enabled: false }, usedCount: 3 });

    expect((await site.owner.call('DELETE', `${COUPONS}/${spring.coupon.id}`)).json()).toEqual({ ok: true });
    expect((await coupons()).coupons.map((c) => c.coupon.code)).toEqual(['Welcome10']);
    expect((await site.owner.call('DELETE', `${COUPONS}/${spring.coupon.id}`)).statusCode).toBe(404);
    expect((await site.owner.call('PUT', `${COUPONS}/${spring.coupon.id}`, limited)).statusCode).toBe(404);
    expect((await site.owner.call('DELETE', `${COUPONS}/not-an-id`)).json()).toEqual({ error: 'This store has no such coupon.' });
  });

  it('keep a code to one coupon of the store, whatever its case', async () => {
    const message = await refusedField(site.owner, 'POST', COUPONS, { code: 'WELCOME10', kind: 'FREE_SHIPPING' }, 'code');
    expect(message).toBe('Another coupon of this store has the code WELCOME10. Codes are told apart without regard to case.');
    const other = couponRow.parse((await site.owner.call('POST', COUPONS, { code: 'SHIPFREE', kind: 'FREE_SHIPPING' })).json());
    await refusedField(site.owner, 'PUT', `${COUPONS}/${other.coupon.id}`, { code: 'welcome10', kind: 'FREE_SHIPPING' }, 'code');
    // A coupon keeps its own code when it changes in other ways.
    expect((await site.owner.call('PUT', `${COUPONS}/${other.coupon.id}`, { code: 'shipfree', kind: 'FREE_SHIPPING' })).statusCode).toBe(200);
    expect((await coupons()).coupons.map((c) => c.coupon.code)).toEqual(['Welcome10', 'shipfree']);
  });

  it('refuse what is no coupon with a 400 naming the field, and write nothing', async () => {
    const before = await coupons();
    expect(await refusedField(site.owner, 'POST', COUPONS, { code: 'HALF', kind: 'PERCENT' }, 'percentOff')).toBe('a percentage coupon needs its percentage');
    expect(await refusedField(site.owner, 'POST', COUPONS, { code: 'TEN OFF', kind: 'PERCENT', percentOff: 10 }, 'code')).toBe(
      'must be letters, digits, - or _',
    );
    await refusedField(site.owner, 'POST', COUPONS, { code: 'BIG', kind: 'PERCENT', percentOff: 120 }, 'percentOff');
    await refusedField(site.owner, 'POST', COUPONS, { code: 'FIVE', kind: 'FIXED_AMOUNT' }, 'amountOffCents');
    await refusedField(site.owner, 'POST', COUPONS, { code: 'X', kind: 'PERCENT', percentOff: 5 }, 'code');
    await refusedField(site.owner, 'POST', COUPONS, { code: 'ODD', kind: 'HALF_PRICE' }, 'kind');
    expect(
      await refusedField(
        site.owner,
        'POST',
        COUPONS,
        { code: 'BACKWARDS', kind: 'PERCENT', percentOff: 5, startsAt: '2027-02-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' },
        'endsAt',
      ),
    ).toBe('a coupon ends after it starts');
    for (const body of [[], 42, { code: 'EXTRA', kind: 'PERCENT', percentOff: 5, colour: 'red' }]) {
      const res = await site.owner.call('POST', COUPONS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('Some fields are not valid.');
    }
    expect(await coupons()).toEqual(before);
  });
});

describe('shipping zones', () => {
  it('are added in order with their rates, changed in place and deleted', async () => {
    expect(await zones()).toEqual({ currency: 'USD', measurementStandard: 1, zones: [] });
    const uk = shippingZoneAnswer.parse((await site.owner.call('POST', ZONES, ukZone)).json()).zone;
    expect(uk.rates.map((r) => [r.name, r.amountCents, r.freeAboveCents])).toEqual([
      ['Standard', 450, 6000],
      ['Express', 900, undefined],
    ]);
    expect(uk.rates.every((r) => /^[0-9a-f]{24}$/.test(r.id))).toBe(true);
    const world = {
      name: 'Rest of the world',
      countries: ['*'],
      rates: [
        stepped('International', 'WEIGHT', [
          [0, 1500],
          [5, 2500],
        ]),
      ],
    };
    const rest = shippingZoneAnswer.parse((await site.owner.call('POST', ZONES, world)).json()).zone;
    const us = shippingZoneAnswer.parse(
      (await site.owner.call('POST', ZONES, { name: 'California', countries: ['US'], regions: ['US-CA'], rates: [{ name: 'Pickup', kind: 'PICKUP' }] })).json(),
    ).zone;
    expect((await zones()).zones.map((z) => z.name)).toEqual(['United Kingdom', 'Rest of the world', 'California']);

    // A change keeps the zone where it was, and a rate its id.
    const renamed = { ...uk, name: 'UK', countries: ['GB', 'IM'], rates: [{ ...uk.rates[0]!, amountCents: 495 }] };
    const res = await site.owner.call('PUT', `${ZONES}/${uk.id}`, renamed);
    expect(res.statusCode, res.body).toBe(200);
    expect((await zones()).zones).toEqual([renamed, rest, us]);

    expect((await site.owner.call('DELETE', `${ZONES}/${us.id}`)).json()).toEqual({ ok: true });
    expect((await zones()).zones.map((z) => z.name)).toEqual(['UK', 'Rest of the world']);
    expect((await site.owner.call('DELETE', `${ZONES}/${us.id}`)).json()).toEqual({ error: 'This store has no such shipping zone.' });
  });

  it('keep a place to one zone: the same country, region or the rest of the world twice is refused with the zone that has it', async () => {
    expect(await refusedField(site.owner, 'POST', ZONES, { ...ukZone, name: 'Britain' }, 'countries')).toBe(
      'GB is in the zone UK already. A place belongs to one zone: change that zone, or give this one regions.',
    );
    expect(await refusedField(site.owner, 'POST', ZONES, { ...ukZone, name: 'Everywhere', countries: ['*'] }, 'countries')).toBe(
      'The zone Rest of the world covers the rest of the world already.',
    );
    // Regions of a country another zone has whole are more specific, so they are a zone of their own.
    const scotland = await site.owner.call('POST', ZONES, { ...ukZone, name: 'Scotland', regions: ['GB-SCT'] });
    expect(scotland.statusCode, scotland.body).toBe(200);
    await refusedField(site.owner, 'POST', ZONES, { ...ukZone, name: 'Highlands', regions: ['GB-SCT', 'GB-HLD'] }, 'regions');
    await site.owner.call('DELETE', `${ZONES}/${shippingZoneAnswer.parse(scotland.json()).zone.id}`);
  });

  it('refuse what is no zone with a 400 naming the field, and write nothing', async () => {
    const before = await zones();
    const rate = ukZone.rates[0]!;
    await refusedField(site.owner, 'POST', ZONES, { ...ukZone, name: 'Nowhere', countries: [] }, 'countries');
    expect(await refusedField(site.owner, 'POST', ZONES, { ...ukZone, name: 'France', countries: ['France'] }, 'countries.0')).toBe(
      'must be a two-letter country code such as GB or US',
    );
    await refusedField(site.owner, 'POST', ZONES, { ...ukZone, name: 'France', countries: ['FR'], regions: ['Brittany'] }, 'regions.0');
    await refusedField(site.owner, 'POST', ZONES, { name: 'France', countries: ['FR'], rates: [] }, 'rates');
    await refusedField(site.owner, 'POST', ZONES, { name: 'France', countries: ['FR'], rates: [{ ...rate, amountCents: -1 }] }, 'rates.0.amountCents');
    expect(
      await refusedField(site.owner, 'POST', ZONES, { name: 'France', countries: ['FR'], rates: [{ name: 'By weight', kind: 'WEIGHT' }] }, 'rates.0.tiers'),
    ).toBe('a rate by weight or subtotal needs at least one step');
    await refusedField(
      site.owner,
      'POST',
      ZONES,
      {
        name: 'France',
        countries: ['FR'],
        rates: [
          stepped('Steps', 'SUBTOTAL', [
            [10, 1],
            [5, 2],
          ]),
        ],
      },
      'rates.0.tiers.1.from',
    );
    expect(await zones()).toEqual(before);
  });
});

describe('taxes', () => {
  it('switches are read and written, the business country optional', async () => {
    expect(taxSettingsAnswer.parse((await site.owner.call('GET', TAX)).json())).toEqual({
      currency: 'USD',
      settings: { pricesIncludeTax: false, taxShipping: false },
    });
    const on = { pricesIncludeTax: true, taxShipping: true, originCountry: 'GB' };
    expect(taxSettingsAnswer.parse((await site.owner.call('PUT', TAX, on)).json()).settings).toEqual(on);
    expect(taxSettingsAnswer.parse((await site.owner.call('GET', TAX)).json()).settings).toEqual(on);
    await refusedField(site.owner, 'PUT', TAX, { ...on, originCountry: 'Britain' }, 'originCountry');
    await refusedField(site.owner, 'PUT', TAX, { ...on, pricesIncludeTax: 'yes' }, 'pricesIncludeTax');
    expect(taxSettingsAnswer.parse((await site.owner.call('PUT', TAX, { pricesIncludeTax: true })).json()).settings).toEqual({
      pricesIncludeTax: true,
      taxShipping: false,
    });
  });

  it('rules are added in order, changed in place and deleted; a bad rate or place is refused', async () => {
    const vat = taxRuleAnswer.parse((await site.owner.call('POST', RULES, { name: 'VAT', country: 'GB', ratePercent: 20 })).json()).rule;
    const ny = taxRuleAnswer.parse(
      (await site.owner.call('POST', RULES, { name: 'NYC sales tax', country: 'US', region: 'US-NY', postcodePrefix: '100', ratePercent: 8.875 })).json(),
    ).rule;
    expect(await rules()).toEqual([vat, ny]);
    expect(ny).toEqual({ id: ny.id, name: 'NYC sales tax', country: 'US', region: 'US-NY', postcodePrefix: '100', ratePercent: 8.875 });
    const changed = { ...vat, name: 'UK VAT', ratePercent: 17.5 };
    expect(taxRuleAnswer.parse((await site.owner.call('PUT', `${RULES}/${vat.id}`, changed)).json()).rule).toEqual(changed);
    expect(await rules()).toEqual([changed, ny]);

    const before = await rules();
    await refusedField(site.owner, 'POST', RULES, { name: 'Too much', country: 'FR', ratePercent: 101 }, 'ratePercent');
    await refusedField(site.owner, 'POST', RULES, { name: 'Too fine', country: 'FR', ratePercent: 5.0001 }, 'ratePercent');
    await refusedField(site.owner, 'POST', RULES, { name: 'Somewhere', country: 'fr', ratePercent: 5 }, 'country');
    await refusedField(site.owner, 'POST', RULES, { name: '', country: 'FR', ratePercent: 5 }, 'name');
    expect(await rules()).toEqual(before);

    expect((await site.owner.call('DELETE', `${RULES}/${ny.id}`)).json()).toEqual({ ok: true });
    expect(await rules()).toEqual([changed]);
    expect((await site.owner.call('PUT', `${RULES}/${ny.id}`, ny)).json()).toEqual({ error: 'This store has no such tax rule.' });
  });
});

describe('the rules as carts are priced by them', () => {
  it('in memory follow each change', async () => {
    const held = async () => (await site.app.pricing.read(site.websiteId)).coupons.map((c) => c.code);
    const first = await held();
    const added = couponRow.parse((await site.owner.call('POST', COUPONS, { code: 'MEMORY', kind: 'PERCENT', percentOff: 5 })).json());
    await vi.waitFor(async () => expect(await held()).toEqual([...first, 'MEMORY']), { timeout: 5000 });
    await site.owner.call('DELETE', `${COUPONS}/${added.coupon.id}`);
    await vi.waitFor(async () => expect(await held()).toEqual(first), { timeout: 5000 });
  });

  it('travel in an export, and an import restores them with each coupon’s uses', async () => {
    const exported = (await site.owner.call('GET', '/api/config/export/document')).json() as { store: Record<string, unknown> };
    const [couponsBefore, zonesBefore, rulesBefore] = [await coupons(), await zones(), await rules()];
    expect(exported.store.coupons).toEqual(couponsBefore.coupons.map((c) => c.coupon));
    expect(exported.store.shippingZones).toEqual(zonesBefore.zones);
    expect(exported.store.tax).toEqual({ pricesIncludeTax: true, taxShipping: false, rules: rulesBefore });
    const welcome = couponsBefore.coupons.find((c) => c.coupon.code === 'Welcome10')!;
    await site.database.pool.query('UPDATE coupons SET used_count = 7 WHERE website_id = $1 AND id = $2', [site.websiteId, welcome.coupon.id]);

    // Everything goes, then the import brings it back.
    for (const c of couponsBefore.coupons) await site.owner.call('DELETE', `${COUPONS}/${c.coupon.id}`);
    for (const z of zonesBefore.zones) await site.owner.call('DELETE', `${ZONES}/${z.id}`);
    for (const r of rulesBefore) await site.owner.call('DELETE', `${RULES}/${r.id}`);
    await site.owner.call('PUT', TAX, { pricesIncludeTax: false });
    expect((await coupons()).coupons).toEqual([]);

    const imported = await site.owner.call('POST', '/api/config/import', exported);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await coupons()).coupons.map((c) => c.coupon)).toEqual(couponsBefore.coupons.map((c) => c.coupon));
    expect((await zones()).zones).toEqual(zonesBefore.zones);
    expect(await rules()).toEqual(rulesBefore);
    expect(taxSettingsAnswer.parse((await site.owner.call('GET', TAX)).json()).settings.pricesIncludeTax).toBe(true);
  });
});

describe('who may change the rules', () => {
  it('a Store manager changes each, a Viewer reads each, an Editor neither; a write needs the crumb', async () => {
    const coupon = { code: 'ROLES', kind: 'PERCENT', percentOff: 5 };
    const rule = { name: 'Roles', country: 'FR', ratePercent: 20 };
    const zone = { name: 'France', countries: ['FR'], rates: [{ name: 'Standard', kind: 'FLAT', amountCents: 800 }] };
    for (const url of [COUPONS, ZONES, TAX, RULES]) {
      expect((await site.viewer.call('GET', url)).statusCode, url).toBe(200);
      expect((await site.editor.call('GET', url)).statusCode, url).toBe(403);
    }
    const writes: [string, string, unknown][] = [
      ['POST', COUPONS, coupon],
      ['POST', ZONES, zone],
      ['POST', RULES, rule],
      ['PUT', TAX, { pricesIncludeTax: true }],
    ];
    const before = [await coupons(), await zones(), await rules()];
    for (const [method, url, body] of writes) {
      for (const as of [site.viewer, site.editor]) expect((await as.call(method as 'POST', url, body)).statusCode, url).toBe(403);
      expect((await site.owner.call(method as 'POST', url, body, { crumb: false })).statusCode, url).toBe(403);
    }
    expect([await coupons(), await zones(), await rules()]).toEqual(before);
    for (const [method, url, body] of writes) {
      const res = await site.storeManager.call(method as 'POST', url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
