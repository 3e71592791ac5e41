/**
 * What the measurement call families (./census.ts, ./events.ts, ./performance.ts) get from
 * ./measurement.ts, which registers them: one call's site and day, and the shared steps (site
 * lookup, validation, crumb, storing). A module of its own, so the families and their register
 * do not import each other.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Ingest } from '../ingest';
import type { MeasurementIdentity } from '../measurement';
import type { WebsiteRow } from '../../sites';

export type Call = {
  site: WebsiteRow;
  websiteId: string;
  /** The site's day, in its time zone. */
  day: string;
  crawler: boolean;
  /** Who the caller is: the visitor record's visitor when given (with consent), else the day's anonymous visitor. */
  visitor(record?: string): Promise<{ visitorHash: string; visitStart: number; visitCount: number | null }>;
};

export type Measurement = {
  scope: FastifyInstance;
  identity: MeasurementIdentity;
  /** The site and day of a call, or undefined once it was answered 404. */
  call(req: FastifyRequest, reply: FastifyReply): Promise<Call | undefined>;
  /** 400 with the first problem. */
  invalid(reply: FastifyReply, error: z.ZodError): FastifyReply;
  /** 400 when a websiteId in the body is not the site's. */
  namesOtherSite(reply: FastifyReply, call: Call, ...websiteIds: unknown[]): boolean;
  /** RecordEvent and RecordJavascriptErrors: 403 crumbFail unless `sent` equals a valid crumb cookie. */
  crumbFails(req: FastifyRequest, reply: FastifyReply, sent: string | undefined): boolean;
  /** Queues the rows and answers: `ok` once committed, 429, 503, or 202 for a crawler. */
  store(
    req: FastifyRequest,
    reply: FastifyReply,
    call: Call,
    rows: Omit<Ingest, 'websiteId' | 'day' | 'clientHash'>,
    ok?: () => FastifyReply,
  ): Promise<FastifyReply>;
  /** A POST call: the site (404), its body limit (413), the body by `schema` (400), then `handle`. */
  post<T extends z.ZodType>(
    url: string,
    bodyLimit: number,
    schema: T,
    handle: (call: Call, body: z.output<T>, req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ): void;
};
