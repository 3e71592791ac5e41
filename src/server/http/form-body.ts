import type { FastifyInstance } from 'fastify';

/**
 * Form-encoded bodies (what the data-request client sends by default) as a plain object of
 * strings, parsed with URLSearchParams; the app's body limit applies. Register it on the scope of
 * the routes that take such bodies.
 */
export function registerFormBodyParser(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
