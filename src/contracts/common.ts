/**
 * What every API family shares: the answer of a call that only succeeds (`{ ok: true }`), the body
 * of a refusal (the message, each refused field's message, and the family's own details), and a
 * time as the JSON of a server Date.
 */
import { z } from 'zod';

/** An ISO 8601 time, as a server Date is sent in JSON. */
export const isoTime = z.string();

export const okAnswer = z.object({ ok: z.literal(true) });

/** The body of a 4xx answer: `error` always; `errors` by field path; the rest by family (auth's `problem`, import's `documentErrors` …). */
export const refusal = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  problem: z.string().optional(),
  documentErrors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Refusal = z.infer<typeof refusal>;
