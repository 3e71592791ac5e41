/**
 * The security headers (http/headers.ts) on every answer: the base set, HSTS over https, and the
 * locked-down policy for any answer that sets no policy of its own (a published page sets its own,
 * from its hashes). Set as the answer is sent, so refusals and error answers carry them too. Then,
 * last, the answer is compressed for the request when nothing prepared it (front/compression.ts).
 */
import { compressAnswers } from '../front/compression';
import { LOCKED_DOWN_CSP, securityHeaders } from '../http/headers';
import { appPlugin } from './app-plugin';

export const securityHeadersPlugin = appPlugin('security-headers', async (app) => {
  app.addHook('onSend', async (req, reply) => {
    for (const [name, value] of Object.entries(securityHeaders({ secure: app.secureCookies(req) }))) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', LOCKED_DOWN_CSP);
  });
  compressAnswers(app);
});
