/**
 * Every config-area call goes through `configRoute`: it finds the site from the host, the signed-in
 * account from the session cookie, that account's role on the site, and checks the role against the
 * permission map (src/domain/permissions.ts) before the handler runs. The crumb is checked for every
 * state-changing call by the crumb plugin before any of this. The routes register themselves in
 * CONFIG_ROUTES, which the route-by-role test walks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { canAccess, type Access, type ConfigArea } from '../../../domain/permissions';
import type { Db } from '../../../db/client';
import { accountForSession, SESSION_COOKIE, type SessionAccount } from './sessions';
import { roleOn } from './team';
import type { WebsiteRow } from '../sites';
import { authentication } from '../../../messages/authentication';
import { http } from '../../../messages/http';

export type ConfigContext<B, Q> = {
  req: FastifyRequest;
  reply: FastifyReply;
  site: WebsiteRow;
  account: SessionAccount;
  role: number;
  body: B;
  query: Q;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ConfigRouteSpec<B, Q> = {
  method: Method;
  url: string;
  area: ConfigArea;
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  handler: (ctx: ConfigContext<B, Q>) => Promise<unknown>;
};

export type ConfigRouteInfo = { method: Method; url: string; area: ConfigArea; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every config route registered on this app, for the route-by-role test and the docs. */
    configRoutes: ConfigRouteInfo[];
  }
}

export function zodMessage(error: z.ZodError): { error: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_'] = issue.message;
  return { error: http.badText, errors };
}

export async function signedInAccount(db: Db, req: FastifyRequest): Promise<SessionAccount | undefined> {
  return accountForSession(db, req.cookies[SESSION_COOKIE]);
}

export function configRoute<B = undefined, Q = undefined>(app: FastifyInstance, db: Db, spec: ConfigRouteSpec<B, Q>) {
  app.configRoutes.push({ method: spec.method, url: spec.url, area: spec.area, access: spec.access });
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (req, reply) => {
      const site = await app.siteForRequest(req);
      if (!site) return reply.code(404).send({ error: http.noSite });
      const account = await signedInAccount(db, req);
      if (!account) return reply.code(401).send({ error: authentication.signInToContinue, loginRequired: true });
      const role = await roleOn(db, site.id, account.id);
      if (role === undefined || !canAccess(role, spec.area, spec.access)) {
        return reply.code(403).send({ error: http.roleNotAllowed, authorizationFail: true });
      }
      let body = undefined as B;
      if (spec.body) {
        const parsed = spec.body.safeParse(req.body ?? {});
        if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
        body = parsed.data;
      }
      let query = undefined as Q;
      if (spec.query) {
        const parsed = spec.query.safeParse(req.query ?? {});
        if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
        query = parsed.data;
      }
      const result = await spec.handler({ req, reply, site, account, role, body, query });
      if (reply.sent) return reply;
      return result ?? {};
    },
  });
}

/** The site and the signed-in account, for a call on the account itself; otherwise the 404 or 401 is answered here. */
export async function siteAndAccount(
  app: FastifyInstance,
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ site: WebsiteRow; account: SessionAccount } | undefined> {
  const site = await app.siteForRequest(req);
  if (!site) {
    void reply.code(404).send({ error: http.noSite });
    return undefined;
  }
  const account = await signedInAccount(db, req);
  if (!account) {
    void reply.code(401).send({ error: authentication.signInToContinue, loginRequired: true });
    return undefined;
  }
  return { site, account };
}
