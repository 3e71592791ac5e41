/**
 * What every request passes, and how every failure is answered, in one place:
 *
 * - a Host header that is a plain `host[:port]` and a URL without a NUL (400 otherwise, before
 *   anything else runs, so a hostile Host never reaches a cache key, a page or a link:
 *   ../http/host-check.ts);
 * - the one text rule (../text-guard.ts) on the URL (path parameters and query) and the parsed body:
 *   a NUL is refused with 400 naming where it was, lone surrogates become U+FFFD. A route answers
 *   the refusal in its own shape when it declares `config.textRefusal`; the default is
 *   `{ error, errors: { path: message } }`, the shape of every other field refusal;
 * - API answers are `Cache-Control: no-store` unless the call chose otherwise;
 * - errors: the framework's own refusals (unreadable JSON, a body too large, an unknown content
 *   type) answer their status with a plain message; anything else is logged with its request id
 *   and answered 500 with a generic message and that id, never with SQL, a stack or a value;
 * - the request log (`loggerOptions`): one line per answer with the method, the path without its
 *   query, the status, the time taken and the request id, and nothing else of the request: no
 *   header (cookies, the crumb, Authorization), no address, no query string, no body.
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { checkRequest, type HostHeader } from '../http/host-check';
import { RATE_LIMITS_UNAVAILABLE, RateLimitsUnavailableError } from '../rate-limits/rate-limit';
import { checkText, NUL_MESSAGE, TOO_DEEP_MESSAGE } from '../text-guard';
import { http } from '../../messages/http';

/** What the framework's own refusals say: by status, never the parser's text (which may quote the body). */
const CLIENT_ERRORS: Record<number, string> = {
  400: http.badRequest,
  404: http.notFound,
  405: http.methodNotAllowed,
  406: http.notAcceptable,
  408: http.requestTimeout,
  411: http.lengthRequired,
  413: http.bodyTooLarge,
  414: http.addressTooLong,
  415: http.unsupportedMediaType,
  431: http.headersTooLarge,
};

export type TextRefusal = (errors: Record<string, string>) => Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's answer to a refused text (the seed's shape for a seed call). */
    textRefusal?: TextRefusal;
  }
}

const defaultRefusal: TextRefusal = (errors) => ({ error: http.badText, errors });

function refuseText(req: FastifyRequest, reply: FastifyReply, errors: Record<string, string>) {
  const shape = req.routeOptions.config.textRefusal ?? defaultRefusal;
  return reply.code(400).header('cache-control', 'no-store').send(shape(errors));
}

/**
 * An error as the log may hold it: a failed query's statement without its parameters (they can
 * hold password hashes, tokens or a person's data), the database's own reason, and the stack.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const query = (err as { query?: unknown }).query;
  const cause = (err as { cause?: unknown }).cause;
  const message = typeof query === 'string' ? `Failed query: ${query}` : err.message;
  const frames = (err.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return { type: err.name, message, ...(cause instanceof Error ? { cause: cause.message } : {}), stack: frames.join('\n') };
}

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

/** The address without its query string: queries carry tokens (reset and confirmation links) and search words. */
export function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Fastify's logger (pino) at `level`, writing to `stream` (standard output when not given). Its own
 * request lines are off (they carry the full URL, the host and the caller's address): the onResponse
 * hook below writes ours. Whatever logs a request or an answer object gets only what is safe of it.
 */
export function loggerOptions(level: LogLevel | undefined, stream?: Writable): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!level) return { logger: false };
  return {
    logger: {
      level,
      ...(stream ? { stream } : {}),
      serializers: {
        req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url ?? '') }),
        res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
      },
      // Bodies, headers and query strings never belong in a line, whoever logs them.
      redact: { paths: ['body', 'headers', 'query', 'cookies', 'req.body', 'req.headers', 'req.query', '*.password', '*.token', '*.crumb'], remove: true },
    },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
  };
}

/** A request id that is unique across app servers, so a log line can be found from an answer. */
export function newRequestId(): string {
  return randomUUID();
}

export function registerRequestGuards(app: FastifyInstance, opts: { requestLines?: boolean } = {}): void {
  app.decorateRequest('hostHeader', undefined as unknown as HostHeader);

  app.addHook('onRequest', async (req, reply) => {
    const checked = checkRequest({ host: req.headers.host, url: req.url });
    if (checked.host) req.hostHeader = checked.host;
    if (checked.refused) return reply.code(400).header('cache-control', 'no-store').send({ error: http[checked.refused] });
  });

  app.addHook('preValidation', async (req, reply) => {
    const errors: Record<string, string> = {};
    for (const part of ['query', 'body'] as const) {
      const value = req[part];
      if (value === undefined || value === null || typeof value !== 'object') continue;
      // Parsed data only: a body left as a stream (an upload's bytes) is no text to walk.
      const proto = Object.getPrototypeOf(value) as unknown;
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) continue;
      const checked = checkText(value);
      for (const path of checked.nul) errors[path] = NUL_MESSAGE;
      if (checked.tooDeep) errors._ = TOO_DEEP_MESSAGE;
      if (checked.value !== value) req[part] = checked.value as never;
    }
    if (Object.keys(errors).length > 0) return refuseText(req, reply, errors);
  });

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Only when the level shows them: building a line per request costs the hot paths even when dropped.
  if (opts.requestLines)
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(
        { method: req.method, path: pathOf(req.url), status: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime * 100) / 100 },
        'request',
      );
    });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: http.notFound }));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof RateLimitsUnavailableError) return reply.code(503).header('retry-after', '30').send({ error: RATE_LIMITS_UNAVAILABLE });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]! });
    req.log.error({ failure: loggableError(err), method: req.method, path: pathOf(req.url) }, 'request failed');
    return reply.code(500).header('cache-control', 'no-store').send({ error: http.serverError, requestId: req.id });
  });
}
