/**
 * The owner's calls on the store's pricing rules (src/contracts/pricing.ts), through `configRoute`:
 * coupons are `commerce-coupons`, shipping zones `commerce-shipping`, the tax switches and rules
 * `commerce-taxes`; read for GET, write for the rest (the crumb plugin checks every write). The
 * body is checked by the document's schemas before the operation runs; an operation's refusal is
 * answered with its status, and an id that names nothing of the store is a 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { couponBody, PRICING_API, shippingZoneBody, taxRuleBody, taxSettingsBody } from '../../../../contracts/pricing';
import type { Db } from '../../../../db/client';
import { hexId } from '../../../../document/primitives';
import type { CommerceArea } from '../../../../domain/permissions';
import { pricingApi } from '../../../../messages/pricing-api';
import { configRoute } from '../../accounts';
import { StoreRefusal } from '../../catalogue';
import {
  deleteCoupon,
  deleteShippingZone,
  deleteTaxRule,
  listCoupons,
  listShippingZones,
  listTaxRules,
  readTaxSettings,
  saveCoupon,
  saveShippingZone,
  saveTaxRule,
  updateTaxSettings,
} from '../index';

/** Runs `call`, answering a refusal as `{ error, errors }` with its status. */
async function answered<T>(reply: FastifyReply, call: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StoreRefusal) return reply.code(err.status).send({ error: err.error, ...(err.errors ? { errors: err.errors } : {}) });
    throw err;
  }
}

/** The id the address names, or undefined with a 404 sent: a malformed id names nothing of the store. */
function idIn(req: FastifyRequest, reply: FastifyReply, param: string, missing: string): string | undefined {
  const parsed = z.object({ [param]: hexId }).safeParse(req.params);
  if (parsed.success) return parsed.data[param];
  void reply.code(404).send({ error: missing });
  return undefined;
}

type Family<B> = {
  url: string;
  /** The address's name for a row's id: `couponId`, `zoneId`, `ruleId`. */
  param: string;
  area: CommerceArea;
  body: z.ZodType<B>;
  missing: string;
  list: (db: Db, websiteId: string) => Promise<unknown>;
  save: (db: Db, websiteId: string, accountId: string, body: B, id?: string) => Promise<unknown>;
  remove: (db: Db, websiteId: string, accountId: string, id: string) => Promise<unknown>;
};

/** A list of rules of one sub-area: GET the list, POST one, PUT and DELETE `/:id`. */
function registerFamily<B>(app: FastifyInstance, db: Db, f: Family<B>) {
  const one = `${f.url}/:${f.param}`;
  configRoute(app, db, { method: 'GET', url: f.url, area: f.area, access: 'read', handler: async ({ site }) => f.list(db, site.id) });
  configRoute(app, db, {
    method: 'POST',
    url: f.url,
    area: f.area,
    access: 'write',
    body: f.body,
    handler: async ({ reply, site, account, body }) => answered(reply, () => f.save(db, site.id, account.id, body)),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: one,
    area: f.area,
    access: 'write',
    body: f.body,
    handler: async (ctx) => {
      const id = idIn(ctx.req, ctx.reply, f.param, f.missing);
      return id === undefined ? ctx.reply : answered(ctx.reply, () => f.save(db, ctx.site.id, ctx.account.id, ctx.body, id));
    },
  });
  configRoute(app, db, {
    method: 'DELETE',
    url: one,
    area: f.area,
    access: 'write',
    handler: async (ctx) => {
      const id = idIn(ctx.req, ctx.reply, f.param, f.missing);
      return id === undefined ? ctx.reply : answered(ctx.reply, () => f.remove(db, ctx.site.id, ctx.account.id, id));
    },
  });
}

export function registerPricingConfigApi(app: FastifyInstance, db: Db) {
  const coupons = { list: listCoupons, save: saveCoupon, remove: deleteCoupon };
  const zones = { list: listShippingZones, save: saveShippingZone, remove: deleteShippingZone };
  const rules = { list: listTaxRules, save: saveTaxRule, remove: deleteTaxRule };
  const { noCoupon, noShippingZone, noTaxRule } = pricingApi;
  registerFamily(app, db, { url: PRICING_API.COUPONS, param: 'couponId', area: 'commerce-coupons', body: couponBody, missing: noCoupon, ...coupons });
  registerFamily(app, db, {
    url: PRICING_API.SHIPPING_ZONES,
    param: 'zoneId',
    area: 'commerce-shipping',
    body: shippingZoneBody,
    missing: noShippingZone,
    ...zones,
  });
  registerFamily(app, db, { url: PRICING_API.TAX_RULES, param: 'ruleId', area: 'commerce-taxes', body: taxRuleBody, missing: noTaxRule, ...rules });
  configRoute(app, db, {
    method: 'GET',
    url: PRICING_API.TAX_SETTINGS,
    area: 'commerce-taxes',
    access: 'read',
    handler: async ({ site }) => readTaxSettings(db, site.id),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: PRICING_API.TAX_SETTINGS,
    area: 'commerce-taxes',
    access: 'write',
    body: taxSettingsBody,
    handler: async ({ site, account, body }) => updateTaxSettings(db, site.id, account.id, body),
  });
}
