import { describe, expect, it } from 'vitest';
import { ANALYTICS_OPTIONAL_FIELDS } from '../../domain/analytics';
import { automaticFields, resolveId, sendEnvelope, sessionInfo, splitFields, storedId } from './analytics';
import { pageFactsFixture } from './page-facts.fixture';

const page = pageFactsFixture({ search: '?source=mail&x=1', lang: 'fr-FR' });

describe('analytics fields', () => {
  // covers 001-3.48, 001-3.53, 001-5.14, 001-5.15
  it('keeps the seed’s common fields as strings (null only for optional ones), warns and drops the rest, and puts unknown fields in customData', () => {
    const warnings: string[] = [];
    const optional = Object.fromEntries(ANALYTICS_OPTIONAL_FIELDS.map((f) => [f, `v-${f}`]));
    const every = splitFields({ actor: 'visitor', action: 'view', event_owner_team: 'web', event_source: 'frontsite', object_type: 'page', ...optional }, (m) =>
      warnings.push(m),
    );
    expect(every.common).toEqual({ actor: 'visitor', action: 'view', event_owner_team: 'web', event_source: 'frontsite', object_type: 'page', ...optional });
    expect(every.custom).toEqual({});
    expect(warnings).toEqual([]);

    const { common, custom } = splitFields(
      { actor: 42, action: 'view', event_owner_team: null, object_id: null, object_value: 7, colour: 'blue', count: 3 },
      (m) => warnings.push(m),
    );
    expect(common).toEqual({ action: 'view', object_id: null });
    expect(custom).toEqual({ colour: 'blue', count: 3 });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/actor/);
    expect(warnings[1]).toMatch(/event_owner_team/);
    expect(warnings[2]).toMatch(/object_value/);
  });

  // covers 001-3.49, 001-3.50, 001-3.51
  it('adds the window size, language, host, query, referrer, resolved locale and client time', () => {
    expect(automaticFields(page)).toEqual({
      browser_window_height: 900,
      browser_window_width: 1280,
      browser_language: 'de-DE',
      page_host: 'pottery.example',
      page_query_params: { source: 'mail', x: '1' },
      referrer_url: 'https://search.example/',
      resolved_locale: 'fr-FR',
      client_timestamp: 1700000000000,
    });
    expect(automaticFields({ ...page, lang: '' }).resolved_locale).toBe('en-US');
  });

  // covers 001-8.27
  it("rejects sending no payload with 'no payload'", async () => {
    await expect(sendEnvelope(undefined)).rejects.toThrow(/^no payload$/);
  });
});

describe('analytics id and session', () => {
  // covers 001-4.91, 001-4.92
  it('takes the cookie, then a stored id that has not expired, then memory, else a new id', () => {
    const now = 1000;
    const stored = JSON.stringify({ id: 'stored', expires: now + 1 });
    const expired = JSON.stringify({ id: 'old', expires: now });
    const fresh = () => 'new';
    expect(resolveId({ cookie: 'cookie', stored: storedId(stored, now), memory: 'mem' }, fresh)).toEqual({ id: 'cookie', fresh: false });
    expect(resolveId({ stored: storedId(stored, now), memory: 'mem' }, fresh)).toEqual({ id: 'stored', fresh: false });
    expect(resolveId({ stored: storedId(expired, now), memory: 'mem' }, fresh)).toEqual({ id: 'mem', fresh: false });
    expect(resolveId({ stored: storedId(expired, now) }, fresh)).toEqual({ id: 'new', fresh: true });
    expect(storedId('not json', now)).toBeUndefined();
    expect(storedId(null, now)).toBeUndefined();
  });

  // covers 001-3.55, 001-4.93, 001-9.49
  it('sets the session cookies once per browser session: first landing only on its first page, first session only for a new visitor', () => {
    const jar = new Map<string, string>();
    const read = (n: string) => jar.get(n);
    const write = (n: string, v: string) => void jar.set(n, v);
    let n = 0;
    const id = () => `s${++n}`;
    expect(sessionInfo(read, write, id, true)).toEqual({ isFirstLanding: true, isFirstSession: true, sessionId: 's1' });
    expect([...jar.keys()].sort()).toEqual(['SS_HAS_LANDED', 'SS_IS_FIRST_SESSION', 'SS_SESSION_ID']);
    expect(sessionInfo(read, write, id, false)).toEqual({ isFirstLanding: false, isFirstSession: true, sessionId: 's1' });
    // A new browser session: the session cookies are gone, the visitor is known.
    jar.clear();
    expect(sessionInfo(read, write, id, false)).toEqual({ isFirstLanding: true, isFirstSession: false, sessionId: 's2' });
  });
});
