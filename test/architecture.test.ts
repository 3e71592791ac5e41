/**
 * The architecture check (`npm run deps`, .dependency-cruiser.mjs) fails where it should: run over
 * the planted tree in test/fixtures/architecture/, every rule is reported for the file planted to
 * break it, and every rule of the configuration has such a file. Over the real tree it runs as
 * `npm run deps`, a step of `npm test`.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
// A rule may be written once per case under one name (modules-layered: one per module).
const rules = [...new Set(((await import(CONFIG)) as { default: { forbidden: { name: string }[] } }).default.forbidden.map((r) => r.name))];

type Violation = { rule: { name: string; severity: string }; from: string; to: string };

/** The checker's errors over `roots`, run from `cwd` (known violations, when ignored, are not errors). */
async function cruise(cwd: string, roots: string[]): Promise<Violation[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...roots, '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations.filter((v) => v.rule.severity === 'error');
}

/** Each rule, and the planted file that breaks it. */
const PLANTED: Record<string, string> = {
  'domain-document-pure': 'src/domain/bad.ts',
  'domain-document-no-node': 'src/document/bad.ts',
  'contracts-pure': 'src/contracts/bad.ts',
  'messages-leaf': 'src/messages/bad.ts',
  'views-islands-browser-safe': 'src/blocks/demo/view.tsx',
  'db-not-server': 'src/db/client.ts',
  'db-low-level': 'src/db/upgrades.ts',
  'block-server-not-browser': 'src/blocks/demo/fields.ts',
  'browser-not-server': 'src/runtime/bad.ts',
  'islands-through-runtime-api': 'src/blocks/demo/island.ts',
  'contracts-blocks-one-way': 'src/blocks/demo/places.ts',
  'server-renders-no-runtime': 'src/server/page.ts',
  'config-only-from-entry': 'src/cli/tool.ts',
  'config-entry-not-imported': 'src/config/screen.tsx',
  'no-circular': 'src/runtime/a.ts',
  'module-through-index': 'src/server/modules/forms/through-index.ts',
  'module-tables-private': 'src/server/modules/forms/reads-tables.ts',
  'modules-layered': 'src/server/modules/sites/uses-above.ts',
  'routes-no-queries': 'src/server/modules/content/routes/pages.ts',
  'modules-not-platform-top': 'src/server/modules/content/renders.ts',
  'no-layer-folders': 'src/server/services/pages.ts',
};

describe('the architecture check', () => {
  it('has a planted violation for every rule', () => {
    expect(Object.keys(PLANTED).sort()).toEqual([...rules].sort());
  });

  it('is described rule by rule in docs/architecture.md, which contributors follow', async () => {
    const doc = await readFile(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    for (const rule of rules) expect(doc, rule).toContain(`- \`${rule}\`: `);
  });

  it('reports every rule on its planted file', async () => {
    const violations = await cruise(path.join(ROOT, 'test/fixtures/architecture'), ['src']);
    const found = new Set(violations.map((v) => `${v.rule.name} ${v.from}`));
    for (const [rule, file] of Object.entries(PLANTED)) expect(found, `${rule} on ${file}`).toContain(`${rule} ${file}`);
    // What the module rules allow stays allowed: the app registers a module's routes and uses its index.
    expect(violations.filter((v) => v.from === 'src/server/app.ts')).toEqual([]);
  });
});
