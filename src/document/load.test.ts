import { describe, expect, it } from 'vitest';
import { jsonPath, upgradeDocument, type DocumentMigration } from './load';

describe('upgradeDocument', () => {
  const migrations: DocumentMigration[] = [
    { from: 1, upgrade: (d) => ({ ...d, renamed: d.old, old: undefined }) },
    { from: 2, upgrade: (d) => ({ ...d, added: true }) },
  ];

  it('applies each migration in order from the document version to the current one', () => {
    const out = upgradeDocument({ format: 'openpress.site', version: 1, old: 'x' }, migrations, 3);
    expect(out).toEqual({ ok: true, value: { format: 'openpress.site', version: 3, renamed: 'x', old: undefined, added: true } });
  });

  it('starts from the version the document has', () => {
    const out = upgradeDocument({ format: 'openpress.site', version: 2 }, migrations, 3);
    expect(out).toEqual({ ok: true, value: { format: 'openpress.site', version: 3, added: true } });
  });

  it('refuses a version with no path to the current one, and newer versions', () => {
    expect(upgradeDocument({ format: 'openpress.site', version: 1 }, [], 2)).toEqual({ ok: false, errors: [{ path: '$.version', message: 'no upgrade from version 1' }] });
    const newer = upgradeDocument({ format: 'openpress.site', version: 4 }, migrations, 3);
    expect(newer.ok).toBe(false);
  });

  it('refuses non-objects and bad versions with the path of the problem', () => {
    expect(upgradeDocument('text')).toEqual({ ok: false, errors: [{ path: '$', message: 'a site document is a JSON object' }] });
    expect(upgradeDocument({ format: 'openpress.site', version: 0.5 })).toEqual({ ok: false, errors: [{ path: '$.version', message: 'must be a positive whole number' }] });
  });
});

describe('jsonPath', () => {
  it('writes array indexes in brackets and keys after dots', () => {
    expect(jsonPath(['pages', 3, 'sections', 0, 'blocks', 2, 'data', 'html'])).toBe('$.pages[3].sections[0].blocks[2].data.html');
    expect(jsonPath([])).toBe('$');
  });
});
