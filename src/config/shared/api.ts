/**
 * The config area's calls, through the shared data-request client (crumb, retry on crumbFail, seed
 * messages). `call` parses each answer with its contract (src/contracts): an answer that does not
 * match rejects with an `AnswerError` the screen shows like any failed call, never a crash further on.
 */
import type { z } from 'zod';
import { refusal, type Refusal } from '../../contracts/common';
import { dataRequest, DataRequestError } from '../../ui/data-request';

export { DataRequestError as ApiError };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is not what the contract says: the server and this page disagree (an older tab after an upgrade). */
export class AnswerError extends Error {
  constructor(
    readonly method: Method,
    readonly url: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `The server's answer to ${method} ${url.split('?')[0]} was not what this page expects. Reload the page; if this stays, tell the site's administrator.`,
    );
    this.name = 'AnswerError';
  }
}

async function send(method: Method, url: string, body?: Record<string, unknown>): Promise<unknown> {
  try {
    const res = await dataRequest<unknown>({ url, method, ...(body ? { data: body, json: true } : {}) });
    return res.data;
  } catch (err) {
    // The server's own explanation (wrong password, last ADMIN …) is clearer than the status text.
    if (err instanceof DataRequestError && err.body.error) {
      throw new DataRequestError(err.body.error, err.status, err.url, err.body, { cause: err });
    }
    throw err;
  }
}

/** One call, its answer parsed by `answer`. */
export async function call<S extends z.ZodType>(answer: S, method: Method, url: string, body?: Record<string, unknown>): Promise<z.output<S>> {
  const data = await send(method, url, body);
  const parsed = answer.safeParse(data);
  if (!parsed.success) throw new AnswerError(method, url, parsed.error.issues);
  return parsed.data;
}

/** The body of a refused call (its message, each refused field's message …), or {} for any other failure. */
export function refusalOf(err: unknown): Refusal {
  if (!(err instanceof DataRequestError)) return {};
  const parsed = refusal.safeParse(err.body);
  return parsed.success ? parsed.data : {};
}
