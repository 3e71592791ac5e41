/**
 * Generated bad input to every registered route (found from the app, so a route added later is
 * fuzzed too), signed in as an ADMIN with the crumb so that each request reaches its handler:
 * bodies of every JSON shape with the field names the calls use (and a draft save's shape around
 * generated sections and blocks), strings holding NUL, lone surrogates and control characters,
 * numbers past what a double holds, nesting hundreds deep, wrong types, form-encoded and
 * plain-text bodies and raw garbage; and the same text in the query and in path parameters (the
 * demo site's own ids among them). Never a 5xx; no answer carries SQL, a stack or a file path.
 *
 * Rounds of five bodies to every route: in `npm test` as many as fit in about a minute
 * (test/fuzz-budget.ts), with FULL=1 (`npm run bench`) about 50,000 bodies. The seed and round count
 * it prints replay a run: API_FUZZ_SEED=… FUZZ_ROUNDS=….
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import type { RegisteredRoute } from '../src/server/app';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { demoDatabase, type DemoApp } from './demo-app';
import { fuzzRounds, fuzzSeed } from './fuzz-budget';
import { demoDocument } from './fixtures';
import { signedIn, type Client } from './session';

const SEED = fuzzSeed('API_FUZZ_SEED');
/** Bodies each route gets in a round. */
const PER_ROUND = 5;
/** What FULL=1 sends in all. */
const FULL_BODIES = 50_000;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

let demo: DemoApp;
let app: FastifyInstance;
let admin: Client;
let accountId: string;
let routes: RegisteredRoute[];

beforeAll(async () => {
  demo = await demoDatabase();
  accountId = await createAccount(demo.database.db, 'fuzzer@example.com', 'fuzzer-password-1');
  await setRole(demo.database.db, demo.websiteId, accountId, TEAM_ROLES.ADMIN);
  app = await demo.start();
  admin = await signedIn(app, 'fuzzer@example.com', 'fuzzer-password-1');
  routes = app.registeredRoutes.filter((r) => METHODS.includes(r.method));
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

// ---- what is sent ----

/** Field names the calls take, so generated bodies get past "unknown field" and into the rules. */
const FIELDS = [
  'email',
  'password',
  'rememberMe',
  'displayName',
  'token',
  'ticket',
  'code',
  'title',
  'identifier',
  'tagline',
  'description',
  'footerText',
  'locale',
  'timeZone',
  'contact',
  'header',
  'footer',
  'links',
  'href',
  'text',
  'role',
  'listId',
  'name',
  'formId',
  'form',
  'key',
  'pageId',
  'pagePath',
  'fields',
  'settings',
  'provider',
  'siteKey',
  'secret',
  'apiKey',
  'host',
  'port',
  'secure',
  'username',
  'fromAddress',
  'languages',
  'default',
  'flag',
  'enabled',
  'websiteId',
  'event',
  'data',
  'q',
  'after',
  'from',
  'to',
  'days',
  'id',
  'ids',
  'captchaKey',
  'honeypot',
  'cookieBanner',
  'badgeType',
  'infoBarStyle',
  'baseVersion',
  'changeId',
  'sections',
  'blocks',
  'theme',
  'type',
  'layout',
  'desktop',
  'version',
];
/** Ids the demo site has (its pages, and the blocks and forms on them), so path parameters also name things that exist. */
const KNOWN_IDS = [...JSON.stringify(demoDocument()).matchAll(/"(?:id|formId|listId)":"([0-9a-f]{24})"/g)].map((m) => m[1]!);

const NASTY = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u0001\u0008\u001f\u007f',
  '\u202e\u200b\ufeff',
  "'; DROP TABLE accounts; --",
  '" OR 1=1 --',
  '$1',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '//attacker.example/',
  '/\\attacker.example',
  'é'.repeat(3000),
  '9'.repeat(400),
  '-0',
  'NaN',
  'null',
  'true',
  '{}',
  '[]',
  '__proto__',
  'constructor',
  'x'.repeat(70_000),
];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 5e-324, 0));
const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), tie('value'), { maxKeys: 5 }),
  ),
}));

/** Nesting deeper than any call takes. */
const deep = fc
  .tuple(fc.integer({ min: 50, max: 2000 }), fc.boolean())
  .map(([depth, asObject]) => (asObject ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`));
/** Numbers a double cannot hold, written as JSON text. */
const hugeNumbers = fc.constantFrom('{"port":1e400}', '{"days":-1e999,"role":99999999999999999999999}', '[1e309]', '{"page":123456789012345678901234567890}');

/** A draft save around generated sections and blocks, so the editor's rules meet bad input and not only its body check. */
const hex24 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 });
const block = fc.record({
  id: fc.oneof(hex24, fc.constantFrom(...KNOWN_IDS), text),
  type: fc.constantFrom(2, 9, 13, 15, 18, 21, 22, 23, 999, -1),
  data: value,
  layout: value,
});
const draftSave = fc.record({
  baseVersion: fc.oneof(fc.nat(3), number),
  changeId: fc.string({ minLength: 8, maxLength: 20 }),
  sections: fc.array(fc.record({ id: fc.oneof(hex24, text), theme: fc.constantFrom('white', 'dark', 'x'), blocks: fc.array(block, { maxLength: 4 }) }), {
    maxLength: 3,
  }),
});

type Body = { payload: string; contentType: string } | undefined;
const JSON_TYPE = 'application/json';
const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }).map((v) => ({ payload: JSON.stringify(v), contentType: JSON_TYPE })),
  },
  { weight: 2, arbitrary: value.map((v) => ({ payload: JSON.stringify(v), contentType: JSON_TYPE })) },
  { weight: 1, arbitrary: draftSave.map((v) => ({ payload: JSON.stringify(v), contentType: JSON_TYPE })) },
  { weight: 1, arbitrary: deep.map((payload) => ({ payload, contentType: JSON_TYPE })) },
  { weight: 1, arbitrary: hugeNumbers.map((payload) => ({ payload, contentType: JSON_TYPE })) },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 5 })
      .map((v) => ({ payload: new URLSearchParams(v).toString(), contentType: 'application/x-www-form-urlencoded' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom(JSON_TYPE, 'text/plain', 'application/xml', 'multipart/form-data; boundary=x'))
      .map(([payload, contentType]) => ({ payload, contentType })),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), text, { maxKeys: 3 }).map((q) => {
  const s = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, v.slice(0, 2000)])).toString();
  return s ? `?${s}` : '';
});
const param = fc
  .oneof(
    text,
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }),
    fc.constantFrom(...KNOWN_IDS),
    fc.integer().map(String),
  )
  .map((p) => encodeURIComponent(p.slice(0, 200).replace(/\p{Cs}/gu, '\ufffd')) || 'x');

// ---- what must come back ----

const SQL =
  /\b(?:select\b[\s\S]{0,200}\bfrom|insert\s+into|update\b[\s\S]{0,100}\bset|delete\s+from)\b|failed query|syntax error at|violates .* constraint|\bparams:/i;
const STACK = /\n\s+at\s|\bat [\w.<>]+ \(|\.(?:ts|js|tsx):\d+|node_modules|\/work\//;

function fill(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z0-9_]+|\*$/g, () => values[i++ % values.length]!);
}

/** The fuzzing account's session is put back if a call ended it (Logout, signing out everywhere). */
async function keepSignedIn(res: LightMyRequestResponse) {
  if (res.statusCode !== 401) return;
  const id = admin.cookies.get('op_session')!;
  const idHash = createHash('sha256').update(id).digest('base64url');
  await demo.database.pool.query("INSERT INTO sessions (id_hash, account_id, expires_at) VALUES ($1, $2, now() + interval '1 day') ON CONFLICT DO NOTHING", [
    idHash,
    accountId,
  ]);
}

describe('generated bad input to every route', () => {
  it(`never answers 5xx nor shows SQL, a stack or a path (every route, seed ${SEED})`, { timeout: 30 * 60_000 }, async () => {
    const rounds = fuzzRounds(Math.ceil(FULL_BODIES / (PER_ROUND * routes.length)));
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const crumb = admin.cookies.get('crumb')!;
    const statuses = new Map<number, number>();
    let sent = 0;
    let round = 0;
    for (; rounds.more(round); round++) {
      for (const [index, route] of routes.entries()) {
        const seed = SEED + round * routes.length + index;
        const cases = fc.sample(fc.record({ params: fc.array(param, { minLength: 2, maxLength: 2 }), query, body }), { numRuns: PER_ROUND, seed });
        for (const c of cases) {
          const url = `${fill(route.url, c.params)}${c.query}`;
          const carriesBody = route.method !== 'GET' && c.body !== undefined;
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: { host: 'localhost', cookie, 'x-csrf-token': crumb, ...(carriesBody ? { 'content-type': c.body!.contentType } : {}) },
            ...(carriesBody ? { payload: c.body!.payload } : {}),
          });
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `seed ${seed}: ${route.method} ${url.slice(0, 200)} ${carriesBody ? c.body!.payload.slice(0, 200) : ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (!String(res.headers['content-type'] ?? '').startsWith('text/html')) expect(res.body, what).not.toMatch(SQL);
          expect(res.body, what).not.toMatch(STACK);
          await keepSignedIn(res);
        }
        // Attempt limits (sign-in, captcha, forms) would otherwise answer 429 to the rest of the run.
        await demo.database.pool.query('DELETE FROM rate_limits');
      }
    }
    console.log(
      `${sent} requests to ${routes.length} routes in ${round} rounds (${rounds.rule}); API_FUZZ_SEED=${SEED} FUZZ_ROUNDS=${round} replays it; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
  });
});
