/**
 * Bad input (issue 4): rounds of 50 generated bodies (as many as fit in about a minute in
 * `npm test`, 200 rounds with FULL=1: test/fuzz-budget.ts; FUZZ_SEED and FUZZ_ROUNDS replay a run), each posted to FormSubmissionKey and then to
 * SaveFormSubmission with app.inject (a few of them over the 1 MB limit: 413). Never a 500; every
 * refusal is a 4xx carrying an `error` text
 * (or, without a crumb, the crumb plugin's 403 crumbFail that the data-request client retries
 * with). Most bodies carry a valid crumb and key, so they reach field validation: the server's
 * answer is exactly what the shared field rules say — 200 and stored when they pass, 400 with each
 * field's message when they do not — and at the end the stored submissions are exactly the
 * accepted ones.
 */
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormData } from '../src/blocks/form/schema';
import { formSubmissions } from '../src/server/modules/forms/schema/forms';
import { checkForm, type FieldValue } from '../src/domain/forms';
import { demoDatabase, type DemoApp } from './demo-app';
import { demoDocument } from './fixtures';
import { DEMO_FORM_ID, demoPayload, formVisitor, type FormVisitor } from './form-visitor';
import { fuzzRounds, fuzzSeed } from './fuzz-budget';

/** Rounds with FULL=1 (10,000 bodies), and the bodies of a round. */
const FULL_ROUNDS = 200;
const BODIES_PER_RUN = 50;
const SEED = fuzzSeed();

let demo: DemoApp;
let app: FastifyInstance;
const visitors: FormVisitor[] = [];

const demoForm = (): FormData => {
  for (const page of demoDocument().pages) {
    for (const section of page.sections)
      for (const block of section.blocks) if (block.type === 9 && (block.data as FormData).formId === DEMO_FORM_ID) return block.data as FormData;
  }
  throw new Error('the demo site has no contact form');
};
const form = demoForm();
const options = (id: string) => (form.fields.find((f) => f.id === id) as { options: string[] }).options;

beforeAll(async () => {
  demo = await demoDatabase();
  app = await demo.start();
  for (let i = 0; i < 4; i++) visitors.push(await formVisitor(app));
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

/** Text without NUL or lone surrogates (those are cleaned before storing; the garbage bodies carry them). */
const text = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter((s) => !s.includes('\u0000'));
const nonBlank = (max: number) => text(1, max).filter((s) => s.trim() !== '');
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const email = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9._+-]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.constantFrom('com', 'org', 'example'))
    .map(([l, d, t]) => `${l}@${d}.${t}`),
  fc.emailAddress(),
);

/** Values for the demo form: mostly valid; the rules decide. */
const values = fc.record(
  {
    name: fc.tuple(nonBlank(20), nonBlank(20)),
    email,
    phone: fc.oneof(fc.tuple(fc.stringMatching(/^\+?\d{1,4}$/), digits(1, 6), digits(1, 6), digits(1, 6)), fc.tuple(digits(3, 3), digits(3, 3), digits(4, 4))),
    topic: fc.constantFrom(...options('topic')),
    message: nonBlank(600),
    company: text(0, 40),
    pieces: fc.integer({ min: -1000, max: 100000 }).map(String),
    budget: fc.float({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toFixed(2)),
    address: fc.array(text(0, 20), { minLength: 6, maxLength: 6 }),
    'visit-date': fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => [String(d.getUTCMonth() + 1), String(d.getUTCDate()), String(d.getUTCFullYear())]),
    'visit-time': fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('AM', 'PM'))
      .map(([h, m, p]) => [String(h), String(m).padStart(2, '0'), '', p]),
    glaze: fc.constantFrom(...options('glaze')),
    items: fc.subarray(options('items')),
    survey: fc
      .subarray(options('survey'))
      .chain((qs) => fc.tuple(...qs.map(() => fc.constantFrom('-2', '-1', '0', '1', '2'))).map((as) => Object.fromEntries(qs.map((q, i) => [q, as[i]])))),
    source: text(0, 60),
  },
  { requiredKeys: ['name', 'email', 'topic', 'message'] },
);

/** A field's value swapped for anything at all: wrong shapes, unknown choices, blanks. */
const mutated = fc
  .tuple(values, fc.constantFrom(...form.fields.map((f) => f.id)), fc.oneof(fc.jsonValue(), fc.string(), fc.constant(undefined)))
  .map(([v, id, value]) => ({ ...v, [id]: value }) as Record<string, unknown>);

const PAYLOAD_KEYS = [
  'key',
  'formId',
  'collectionId',
  'objectName',
  'isOverlayForm',
  'submitButtonText',
  'form',
  'captchaKey',
  'pageTitle',
  'pageId',
  'contentSource',
  'pagePath',
  'honeypot',
];
const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/xml', ''];

type Case =
  | { kind: 'checked'; values: Record<string, unknown>; as: 'form' | 'json'; formAsObject: boolean; honeypot: string; extra: Record<string, string> }
  | {
      kind: 'garbage';
      body: unknown;
      as: 'json' | 'form' | 'raw';
      contentType: string;
      key: 'real' | 'none' | 'random';
      crumb: boolean;
      keyCall: { payload?: string; contentType?: string };
      oversize: boolean;
    };

const pageExtra = fc.record(
  {
    pageTitle: text(0, 50),
    pageId: fc.stringMatching(/^[0-9a-f]{24}$/),
    contentSource: fc.constantFrom('i', 'c', ''),
    pagePath: fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`),
    collectionId: fc.stringMatching(/^[0-9a-f]{0,24}$/),
  },
  { requiredKeys: [] },
);

const checkedCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constant('checked' as const),
  values: fc.oneof({ weight: 2, arbitrary: values as fc.Arbitrary<Record<string, unknown>> }, { weight: 1, arbitrary: mutated }),
  as: fc.constantFrom('form' as const, 'json' as const),
  formAsObject: fc.boolean(),
  honeypot: fc.oneof({ weight: 19, arbitrary: fc.constant('') }, { weight: 1, arbitrary: nonBlank(20) }),
  extra: pageExtra as fc.Arbitrary<Record<string, string>>,
});

const anyValue = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.jsonValue(), fc.constant('\u0000\ud800'));
const garbageCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constant('garbage' as const),
  body: fc.oneof(
    fc.dictionary(fc.oneof(fc.constantFrom(...PAYLOAD_KEYS), fc.string()), anyValue),
    fc.jsonValue(),
    fc.string(),
    fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString('latin1')),
  ),
  as: fc.constantFrom('json' as const, 'form' as const, 'raw' as const),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  key: fc.constantFrom('real' as const, 'none' as const, 'random' as const),
  crumb: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  keyCall: fc.oneof(fc.constant({}), fc.record({ payload: fc.string(), contentType: fc.constantFrom(...CONTENT_TYPES) })),
  oversize: fc.oneof({ weight: 29, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

const caseArb = fc.oneof({ weight: 3, arbitrary: checkedCase }, { weight: 2, arbitrary: garbageCase });

const stats = { bodies: 0, reachedFields: 0, accepted: 0, oversized: 0, statuses: new Map<number, number>() };
/** Past the 1 MB body limit. */
const OVER_LIMIT = 1024 * 1024 + 1;
/** The content types the form calls read; any other is refused before its size matters. */
const PARSED_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
const expectedStored: string[] = [];

/** JSON with object keys sorted: jsonb does not keep key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

function expectClearAnswer(res: LightMyRequestResponse, what: string) {
  stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = res.json() as { error?: unknown; crumbFail?: unknown };
  if (res.statusCode === 403 && body.crumbFail === true) return;
  expect(typeof body.error, `${what}: ${res.body}`).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
}

/** Whether JSON of `value` holds a key the framework's JSON parser refuses: `__proto__`, or `constructor` holding `prototype`. */
function poisons(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(poisons);
  const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
  if (own(value, '__proto__')) return true;
  const ctor = (value as Record<string, unknown>).constructor;
  if (own(value, 'constructor') && ctor && typeof ctor === 'object' && own(ctor, 'prototype')) return true;
  return Object.values(value).some(poisons);
}

let nextIp = 0;
const freshIp = () => {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
};

async function run(c: Case, visitor: FormVisitor): Promise<void> {
  stats.bodies += 1;
  const remoteAddress = freshIp();
  if (c.kind === 'checked') {
    const keyRes = await visitor.keyCall({ remoteAddress });
    expectClearAnswer(keyRes, 'FormSubmissionKey');
    expect(keyRes.statusCode).toBe(200);
    const key = (keyRes.json() as { key: string }).key;
    const formValue = c.as === 'json' && c.formAsObject ? c.values : JSON.stringify(c.values);
    const body = { ...demoPayload(key, {}, { ...c.extra, honeypot: c.honeypot }), form: formValue };
    const res = await visitor.save(body, { as: c.as, remoteAddress });
    expectClearAnswer(res, 'SaveFormSubmission');
    // A JSON body carrying a prototype-poisoning key is refused whole by the framework's parser, before any field is read.
    if (c.as === 'json' && c.formAsObject && poisons(c.values)) {
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(/^The form submission could not be read/);
      return;
    }
    stats.reachedFields += 1;
    // What JSON carries: undefined values are left out, as the island's JSON.stringify does.
    const sent = JSON.parse(JSON.stringify(c.values)) as Record<string, unknown>;
    const expected = checkForm(form.fields, sent, false);
    if (c.honeypot !== '') {
      expect(res.statusCode).toBe(200);
      return;
    }
    if (Object.keys(expected.errors).length === 0) {
      expect(res.statusCode, res.body).toBe(200);
      stats.accepted += 1;
      expectedStored.push(canonical(expected.values as Record<string, FieldValue>));
    } else {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: 'One or more fields is invalid, please check your entries.', errors: expected.errors });
    }
    return;
  }
  const keyRes = await visitor.keyCall({ remoteAddress, crumb: c.crumb, ...c.keyCall });
  expectClearAnswer(keyRes, 'FormSubmissionKey');
  const realKey = keyRes.statusCode === 200 ? (keyRes.json() as { key: string }).key : undefined;
  let body = c.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && c.key !== 'random') {
    body = { ...(body as Record<string, unknown>) };
    if (c.key === 'real' && realKey) (body as Record<string, unknown>).key = realKey;
    else delete (body as Record<string, unknown>).key;
  }
  const payload =
    c.as === 'json'
      ? JSON.stringify(body)
      : c.as === 'form' && body && typeof body === 'object'
        ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
        : typeof body === 'string'
          ? body
          : JSON.stringify(body);
  const sent = c.oversize ? `${payload ?? ''}${'x'.repeat(OVER_LIMIT)}` : (payload ?? '');
  const res = await visitor.save(sent, { as: 'raw', contentType: c.contentType || undefined, crumb: c.crumb, remoteAddress });
  expectClearAnswer(res, 'SaveFormSubmission');
  if (c.oversize && c.crumb && PARSED_TYPES.includes(c.contentType)) {
    stats.oversized += 1;
    expect(res.statusCode).toBe(413);
  }
  // Its formId is not the form's (only checked cases name it), so nothing of it can be stored.
  expect(res.statusCode).not.toBe(200);
}

describe('bad input to the form calls', () => {
  it(`never answers 500 to rounds of ${BODIES_PER_RUN} generated bodies (seed ${SEED}), refuses each clearly, and stores exactly the accepted ones`, async () => {
    // 2,000 bodies at least: enough for the share of oversized and accepted bodies checked below.
    const rounds = fuzzRounds(FULL_ROUNDS, { minRounds: 40 });
    let round = 0;
    for (; rounds.more(round); round++) {
      for (const cases of fc.sample(fc.array(caseArb, { minLength: BODIES_PER_RUN, maxLength: BODIES_PER_RUN }), { numRuns: 1, seed: SEED + round })) {
        await Promise.all(cases.map((c, i) => run(c, visitors[i % visitors.length]!)));
      }
    }
    expect(stats.bodies).toBe(round * BODIES_PER_RUN);
    expect(stats.reachedFields / stats.bodies).toBeGreaterThanOrEqual(0.5);
    expect(stats.accepted).toBeGreaterThan(stats.bodies / 4);
    expect(stats.oversized).toBeGreaterThan(0);
    const rows = await demo.database.db.select({ values: formSubmissions.values }).from(formSubmissions);
    expect(rows).toHaveLength(stats.accepted);
    // Every accepted submission is stored with exactly its checked values.
    expect(rows.map((r) => canonical(r.values)).sort()).toEqual(expectedStored.sort());
    console.log(
      `form fuzz: ${stats.bodies} bodies in ${round} rounds (${rounds.rule}; FUZZ_SEED=${SEED} FUZZ_ROUNDS=${round} replays it), ${stats.reachedFields} reached field validation, ${stats.accepted} stored, ${stats.oversized} over 1 MB; statuses ${JSON.stringify(Object.fromEntries(stats.statuses))}`,
    );
  }, 180_000);
});
