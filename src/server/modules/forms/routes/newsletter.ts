/**
 * Newsletter calls (issue 4 item 7), crumb-checked like every POST; bodies are JSON or
 * form-encoded (the newsletter island sends a form).
 *
 * - `POST /api/newsletter/subscribe` {listId, email, name?, captchaKey?, honeypot?}: the list must
 *   belong to a published newsletter block of this site (else 404); the block's captcha when it has
 *   one on and the site has a captcha; the shared email rule; a filled honeypot answers success and
 *   stores nothing. Stores a pending subscriber and emails the confirmation link. 200 `{message}` or
 *   4xx `{error, errors?}`.
 * - `POST /api/newsletter/confirm` {token} and `POST /api/newsletter/unsubscribe` {token}: what the
 *   buttons on the confirmation and unsubscribe pages call (links in emails only open those pages).
 * - `POST /api/newsletter/one-click-unsubscribe?token=…` with the body `List-Unsubscribe=One-Click`
 *   (form-encoded or multipart, RFC 8058): what a mail provider's server sends when someone presses
 *   its unsubscribe button. It carries no crumb or cookie, so the token alone authorises it
 *   (`isOneClickUnsubscribe` exempts it from the crumb check). A GET of that address, from a mail
 *   app that opens it in a browser, is sent on to the unsubscribe page, which changes nothing until
 *   its button is pressed.
 *
 * The links in newsletter emails are built from the site's own address (`app.siteOrigin`), so a
 * forged Host header cannot put another address into them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { fieldError } from '../../../../domain/forms';
import { API_PATHS, NEWSLETTER_PATHS } from '../../../../domain/routes';
import { verifyCaptcha } from '../../sites';
import { confirmSubscription, findPublishedNewsletter, loadNewsletterSecret, ONE_CLICK_UNSUBSCRIBE_PATH, signUp, unsubscribe } from '../newsletter';
import { hashedIp, refusedByLimits } from '../../../rate-limits/rate-limit';
import type { WebsiteRow } from '../../sites';
import { siteSettings } from '../../sites';
import { forms } from '../../../../messages/forms';
import { http } from '../../../../messages/http';
import { newsletter } from '../../../../messages/newsletter';

/**
 * Per visitor (hashed IP): sign-ups on a site in ten minutes, generous for a shared office address.
 * Per address and list: confirmation emails in a day, so a stranger cannot flood someone's inbox.
 */
export const NEWSLETTER_LIMITS = {
  signUps: { max: 20, windowMs: 10 * 60 * 1000 },
  confirmationEmails: { max: 3, windowMs: 24 * 60 * 60 * 1000 },
  links: { max: 30, windowMs: 10 * 60 * 1000 },
} as const;

/** The email field as the newsletter island checks it, so both give the same message. */
const EMAIL_FIELD = { id: 'email', type: 'email', label: 'Email address', required: true } as const;

const signUpBody = z.object({
  listId: z.string({ error: 'listId is missing' }).regex(/^[0-9a-f]{24}$/, 'listId must be 24 lowercase hex characters'),
  email: z.string({ error: newsletter.enterEmail }).max(1000),
  name: z.string().max(200).optional(),
  captchaKey: z.string().max(20_000).optional(),
  honeypot: z.string().max(1000).optional(),
});

const tokenBody = z.object({ token: z.string().min(1).max(1000) });

/** RFC 8058: the one-click POST names its token in the address and says exactly this in its body. */
const oneClickQuery = z.object({ token: z.string().min(1).max(1000) });
const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: newsletter.oneClickBody }) });

/** The one-click unsubscribe: a mail provider's server posts it without a crumb or cookies (RFC 8058). */
export function isOneClickUnsubscribe(req: FastifyRequest): boolean {
  return req.method === 'POST' && (req.url.split('?')[0] ?? '') === ONE_CLICK_UNSUBSCRIBE_PATH;
}

/**
 * The fields of a small multipart/form-data body (RFC 7578) that carry plain values: enough for
 * the one field of RFC 8058, which providers may send this way.
 */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    const name = /content-disposition:\s*form-data;\s*name="([^"]*)"/i.exec(part.slice(0, split));
    if (split !== -1 && name?.[1] !== undefined) fields[name[1]] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

export async function registerNewsletterApi(app: FastifyInstance, db: Db) {
  await loadNewsletterSecret(db);

  const siteOr404 = async (req: FastifyRequest, reply: FastifyReply): Promise<WebsiteRow | undefined> => {
    const site = await app.siteForRequest(req);
    if (!site) void reply.code(404).send({ error: http.noSite });
    return site;
  };

  const limited = async (key: string, limit: { max: number; windowMs: number }) => !(await app.rateLimits.hit({ key, ...limit })).allowed;
  const refused = (reply: FastifyReply, key: string, limit: { max: number; windowMs: number }) =>
    refusedByLimits(app.rateLimits, reply, [{ key, ...limit }], { error: forms.rateLimited });

  const badRequest = (reply: FastifyReply, error: z.ZodError) => {
    const errors: Record<string, string> = {};
    for (const issue of error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
    return reply.code(400).send({ error: forms.invalidFields, errors });
  };

  await app.register(async (scope) => {
    // The newsletter island posts a form; a parser of our own, in this scope, so other routes are unaffected.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }

    scope.post(API_PATHS.NEWSLETTER_SUBSCRIBE, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      if (await refused(reply, `newsletter-ip:${site.id}:${hashedIp(req.ip)}`, NEWSLETTER_LIMITS.signUps)) return reply;
      const parsed = signUpBody.safeParse(req.body ?? {});
      if (!parsed.success) return badRequest(reply, parsed.error);
      const body = parsed.data;
      const block = await findPublishedNewsletter(db, site.id, body.listId);
      if (!block) return reply.code(404).send({ error: forms.notConfigured });
      // A bot filled the field people never see: answered as a success, nothing kept.
      if (body.honeypot) return { message: block.successText };
      const email = body.email.trim();
      const invalid = fieldError(EMAIL_FIELD, email, false);
      if (invalid) return reply.code(400).send({ error: forms.invalidFields, errors: { email: invalid } });
      if (block.captcha) {
        const verdict = await verifyCaptcha(db, site.id, body.captchaKey, { remoteIp: req.ip });
        if (!verdict.ok) {
          const message = verdict.reason === 'missing' ? forms.captchaIncomplete : forms.captchaFailed;
          return reply.code(400).send({ error: message, errors: { captchaKey: message } });
        }
      }
      const emailKey = `newsletter-email:${site.id}:${body.listId}:${createHash('sha256').update(email.toLowerCase()).digest('base64url')}`;
      await signUp(db, {
        websiteId: site.id,
        listId: body.listId,
        email,
        name: body.name,
        origin: app.siteOrigin(site),
        siteTitle: siteSettings(site).title,
        listTitle: block.title,
        sendEmail: !(await limited(emailKey, NEWSLETTER_LIMITS.confirmationEmails)),
      });
      // The same answer whether the address was new, pending or already confirmed.
      return { message: block.successText };
    });

    scope.post(API_PATHS.NEWSLETTER_CONFIRM, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      if (await refused(reply, `newsletter-link:${hashedIp(req.ip)}`, NEWSLETTER_LIMITS.links)) return reply;
      const parsed = tokenBody.safeParse(req.body ?? {});
      if (!parsed.success) return badRequest(reply, parsed.error);
      const confirmed = await confirmSubscription(db, site.id, parsed.data.token, {
        origin: app.siteOrigin(site),
        siteTitle: siteSettings(site).title,
        listTitle: async (listId) => (await findPublishedNewsletter(db, site.id, listId))?.title ?? 'our newsletter',
      });
      if (!confirmed) return reply.code(400).send({ error: newsletter.confirmLinkInvalid });
      return { message: newsletter.confirmed };
    });

    scope.post(API_PATHS.NEWSLETTER_UNSUBSCRIBE, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      if (await refused(reply, `newsletter-link:${hashedIp(req.ip)}`, NEWSLETTER_LIMITS.links)) return reply;
      const parsed = tokenBody.safeParse(req.body ?? {});
      if (!parsed.success) return badRequest(reply, parsed.error);
      if (!(await unsubscribe(db, site.id, parsed.data.token))) return reply.code(400).send({ error: newsletter.unsubscribeLinkInvalid });
      return { message: newsletter.unsubscribed };
    });

    // Not limited per address: mail providers send everyone's one-click unsubscribes from a few
    // servers, and a token that is not this site's costs one decryption and changes nothing.
    await scope.register(async (oneClick) => {
      oneClick.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, body, done) => {
        done(null, multipartFields(body as string, String(req.headers['content-type'])));
      });
      oneClick.post(ONE_CLICK_UNSUBSCRIBE_PATH, async (req, reply) => {
        const site = await siteOr404(req, reply);
        if (!site) return reply;
        const query = oneClickQuery.safeParse(req.query);
        if (!query.success) return reply.code(400).send({ error: newsletter.unsubscribeLinkInvalid });
        const body = oneClickBody.safeParse(req.body ?? {});
        if (!body.success) return badRequest(reply, body.error);
        if (!(await unsubscribe(db, site.id, query.data.token))) return reply.code(400).send({ error: newsletter.unsubscribeLinkInvalid });
        return reply.header('cache-control', 'no-store').send({ message: newsletter.unsubscribed });
      });
      oneClick.get(ONE_CLICK_UNSUBSCRIBE_PATH, async (req, reply) => {
        const query = oneClickQuery.safeParse(req.query);
        const to = query.success ? `${NEWSLETTER_PATHS.UNSUBSCRIBE}?token=${encodeURIComponent(query.data.token)}` : NEWSLETTER_PATHS.UNSUBSCRIBE;
        return reply.code(303).header('cache-control', 'no-store').header('location', to).send();
      });
    });
  });
}
