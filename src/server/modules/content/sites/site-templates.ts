/**
 * The site templates: every folder of sites/ holding a card (`template.json`: its name, a sentence,
 * its place in the list, and what a new site leaves out) beside its site document (`site.json`),
 * with the picture of its home page that `npm run pictures` takes from the template itself
 * (`picture.webp`, and `picture.json` naming the document it was taken from). Read once, on first
 * use (the server's start), so a contributor adds a template by adding a folder. The blank site is
 * no folder: it is made in code (./new-sites.ts), and its id is the one more a new site may name.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectPath } from '../../../../db/project-root';
import { format } from '../../../../messages/format';
import { pages as texts } from '../../../../messages/pages';

/** The blank site's id: what a new site starts from when it names no template. */
export const BLANK_TEMPLATE = 'blank';

/** Where the templates' folders are. */
export const TEMPLATES_DIR = projectPath('sites');

/** The files of a template's folder. */
export const TEMPLATE_FILES = { document: 'site.json', card: 'template.json', picture: 'picture.webp', pictureOf: 'picture.json' } as const;

/** The address pictures are served under, each named by its content so it is cached for good. */
export const TEMPLATE_PICTURES_PATH = '/assets/templates/';

const leftOutPath = z.string().regex(/^\/[a-z0-9/_.~-]*$/, 'a path such as /blocks');

/** A template's card, as its folder's template.json holds it. */
const templateCardSchema = z
  .object({
    name: z.string().min(1).max(40),
    description: z.string().min(20).max(200),
    order: z.number().int(),
    /**
     * Paths a new site from the template leaves out, each with the pages below it, with the links
     * to them (the demo's site guide, at /blocks, is the demo's alone: a site of one's own starts
     * without it). A fresh install from the template keeps them.
     */
    leaveOut: z.array(leftOutPath).max(20).default([]),
  })
  .loose();

/** What `npm run pictures` records beside a picture: the SHA-256 of the site.json it was taken from. */
export const pictureOfSchema = z.object({ of: z.string().regex(/^[0-9a-f]{64}$/) }).strict();

export type SiteTemplate = {
  id: string;
  name: string;
  description: string;
  order: number;
  leaveOut: readonly string[];
  /** The template's site.json. */
  documentFile: string;
  /** Its picture's address and bytes, when it has one. */
  picture: { url: string; bytes: Buffer } | null;
};

export class UnknownTemplateError extends Error {
  constructor(readonly template: string) {
    super(format(texts.templateUnknown, { template }));
  }
}

export const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function readTemplate(id: string): SiteTemplate {
  const dir = path.join(TEMPLATES_DIR, id);
  const parsed = templateCardSchema.safeParse(JSON.parse(readFileSync(path.join(dir, TEMPLATE_FILES.card), 'utf8')));
  if (!parsed.success)
    throw new Error(
      `sites/${id}/${TEMPLATE_FILES.card} is not a template's card: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const pictureFile = path.join(dir, TEMPLATE_FILES.picture);
  const bytes = existsSync(pictureFile) ? readFileSync(pictureFile) : null;
  return {
    id,
    name: parsed.data.name,
    description: parsed.data.description,
    order: parsed.data.order,
    leaveOut: parsed.data.leaveOut,
    documentFile: path.join(dir, TEMPLATE_FILES.document),
    picture: bytes ? { url: `${TEMPLATE_PICTURES_PATH}${id}-${sha256Hex(bytes).slice(0, 12)}.webp`, bytes } : null,
  };
}

/** The folders of sites/ with a card: their ids. */
function templateFolders(): string[] {
  const dir = TEMPLATES_DIR;
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (e) =>
        e.isDirectory() &&
        /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(e.name) &&
        e.name !== BLANK_TEMPLATE &&
        existsSync(path.join(dir, e.name, TEMPLATE_FILES.card)),
    )
    .map((e) => e.name);
}

let cached: readonly SiteTemplate[] | undefined;

/** Every template, in the order their cards give (then by id). */
export function siteTemplates(): readonly SiteTemplate[] {
  cached ??= templateFolders()
    .map(readTemplate)
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return cached;
}

/** The template of `id` (blank is none). */
export function siteTemplate(id: string): SiteTemplate | undefined {
  return siteTemplates().find((t) => t.id === id);
}

/** The ids a new site or a fresh install may start from: blank, then the templates. */
export function templateIds(): string[] {
  return [BLANK_TEMPLATE, ...siteTemplates().map((t) => t.id)];
}

export const isTemplateId = (id: string): boolean => id === BLANK_TEMPLATE || siteTemplate(id) !== undefined;

/** The template whose picture `file` (the last part of its address) is. */
export function templatePicture(file: string): Buffer | undefined {
  return siteTemplates().find((t) => t.picture?.url === `${TEMPLATE_PICTURES_PATH}${file}`)?.picture?.bytes;
}

// ---- leaving out part of a template ----

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const under = (p: string, root: string) => p === root || p.startsWith(`${root}/`);

/** Whether a value anywhere in `value` is a link into what is left out (its path, below it, or a left-out page's /pages/{id}). */
function linksInto(value: Json, leftOut: (href: string) => boolean): boolean {
  if (typeof value === 'string') return leftOut(value);
  if (Array.isArray(value)) return value.some((v) => linksInto(v, leftOut));
  if (isObject(value)) return Object.values(value).some((v) => linksInto(v, leftOut));
  return false;
}

/**
 * `doc` (a site document as its JSON holds it) without the pages at or below `paths`, nor what
 * links to them: the header's and footer's links (a menu item whose dropdown is left empty and
 * which has no link of its own goes too), the header's button, redirects, and every section that
 * holds such a link (it was there to point at them). Other sections, files and the store stay.
 */
export function leaveOut<T extends Record<string, unknown>>(source: T, paths: readonly string[]): T {
  if (paths.length === 0) return source;
  const doc = source as JsonObject;
  const pages = Array.isArray(doc.pages) ? doc.pages.filter(isObject) : [];
  const gone = pages.filter((p) => typeof p.path === 'string' && paths.some((root) => under(p.path as string, root)));
  const goneIds = new Set(gone.map((p) => p.id));
  const leftOut = (href: string) => {
    const bare = href.split(/[?#]/)[0] ?? href;
    return paths.some((root) => under(bare, root)) || (bare.startsWith('/pages/') && goneIds.has(bare.slice('/pages/'.length)));
  };
  const keepLink = (item: Json) => !isObject(item) || typeof item.href !== 'string' || !leftOut(item.href);
  const links = (items: Json | undefined): Json[] =>
    (Array.isArray(items) ? items : [])
      .filter(keepLink)
      .map((item) => (isObject(item) && Array.isArray(item.children) ? { ...item, children: item.children.filter(keepLink) } : item))
      .filter((item) => !isObject(item) || item.href !== undefined || !Array.isArray(item.children) || item.children.length > 0);
  const sections = (owner: JsonObject): JsonObject =>
    Array.isArray(owner.sections) ? { ...owner, sections: owner.sections.filter((s) => !linksInto(s, leftOut)) } : owner;
  const out: JsonObject = { ...doc, pages: pages.filter((p) => !gone.includes(p)).map(sections) };
  if (Array.isArray(doc.navigation)) out.navigation = links(doc.navigation);
  for (const part of ['header', 'footer'] as const) {
    const value = doc[part];
    if (!isObject(value)) continue;
    const changed: JsonObject = { ...value };
    if (Array.isArray(value.links)) changed.links = links(value.links);
    if (isObject(value.button) && typeof value.button.href === 'string' && leftOut(value.button.href)) delete changed.button;
    out[part] = changed;
  }
  if (Array.isArray(doc.redirects)) out.redirects = doc.redirects.filter((r) => !isObject(r) || typeof r.to !== 'string' || !leftOut(r.to));
  if (Array.isArray(doc.collections))
    out.collections = doc.collections.map((c) =>
      isObject(c) && Array.isArray(c.items) ? { ...c, items: c.items.map((i) => (isObject(i) ? sections(i) : i)) } : c,
    );
  return out as T;
}
