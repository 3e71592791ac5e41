/** How the Store area's routes answer: an operation's refusal with its status, an id that names nothing a 404. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hexId } from '../../../../document/primitives';
import { FileRefusal } from '../../files';
import { StoreRefusal } from '../index';

/** Runs `call`, answering a StoreRefusal (or a file refused) as `{ error, errors, current }` with its status. */
export async function answered<T>(reply: FastifyReply, call: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StoreRefusal) {
      return reply.code(err.status).send({
        error: err.error,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.current !== undefined ? { current: err.current } : {}),
      });
    }
    if (err instanceof FileRefusal) return reply.code(err.status).send({ error: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    throw err;
  }
}

/** The id the address names, or undefined with a 404 sent: a malformed id names nothing of the store. */
export function idParam(req: FastifyRequest, reply: FastifyReply, key: string, missing: string): string | undefined {
  const parsed = z.object({ [key]: hexId }).safeParse(req.params);
  if (parsed.success) return parsed.data[key];
  void reply.code(404).send({ error: missing });
  return undefined;
}
