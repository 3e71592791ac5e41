/**
 * Lighthouse mobile (a section of `npm run bench`; BENCH_ONLY=lighthouse runs it alone): the demo
 * site written into a database of the section's own and the built app started on it
 * (bench/site-server.ts, its images' copies made before anything is measured), then Lighthouse's
 * default mobile run (simulated throttling: Slow 4G and a 4x CPU slowdown on a phone screen) of
 * the home page, a gallery page and a journal post, BENCH_LIGHTHOUSE_RUNS (3) times each in
 * interleaved rounds (a shared machine's load drifts), each run in a fresh Chromium (Debian's,
 * started by chrome-launcher). Per page, the median of each category's score and of the bytes
 * transferred (the `total-byte-weight` audit, in KB of 1,024 bytes as Lighthouse's report counts),
 * beside the goals and the hosted builders' figures on the same small site; then, for each
 * category under its goal, the audits that failed, to show what closes the gap. Then the same pages
 * again with each palette preset from #1d5c4d published.
 *
 * Nothing goes past the server measured: Chromium resolves no host but the page's own (a request
 * elsewhere fails, and is listed), and runs with its background networking, component updates and
 * sync off. `lighthouseRows` takes any origin, so another site (a template, a design preset) can
 * be measured the same way.
 */
import type { ChildProcess } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { demoDocument } from '../test/fixtures';
import { withSiteServer, type SpawnServer } from './site-server';
import { readdirSync, readFileSync } from 'node:fs';
import { projectPath } from '../src/db/project-root';
import type { SiteDocument } from '../src/document/schema';
import { randomBytes } from 'node:crypto';
import { DEFAULT_DESIGN, withPalette } from '../src/document/design';
import { PALETTE_PRESETS } from '../src/domain/palette';
import { paletteFromPreset } from '../src/domain/palette-generator';
import { TEAM_ROLES } from '../src/domain/roles';
import { createAccount } from '../src/server/modules/accounts/accounts';
import { designScreen, publishDesign, saveDesignDraft } from '../src/server/modules/content/design/site-design';
import { fmt } from './table';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The demo's pages the section measures: its home page, a gallery and a journal post. */
export const LIGHTHOUSE_PAGES = ['/', '/blocks/gallery', '/journal/spring-glazes'];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const LABELS: Record<Category, string> = { performance: 'performance', accessibility: 'accessibility', 'best-practices': 'best practices', seo: 'SEO' };
/** The lowest score each category may have (x100). */
const GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** The most the home page may transfer, in KB of 1,024 bytes. */
const HOME_KB_GOAL = 300;
const KB = 1024;
/** DebugBear's Lighthouse mobile figures for the hosted builders on the same small site. */
const HOSTED =
  'Hosted builders on the same small site (DebugBear, Lighthouse mobile): Squarespace 41 performance and 77 accessibility at 1.0 MB; Wix 32 and 74 at 1.6 MB.';

/** Debian's Chromium, headless, with nothing of its own going to the network. */
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** An audit that cost its category points in one run. */
type Failing = { id: string; title: string; score: number | null; display: string; weight: number; examples: string[] };
/** One Lighthouse run of one page. */
export type LighthouseRun = {
  scores: Record<Category, number>;
  bytes: number;
  failing: Record<Category, Failing[]>;
  elsewhere: string[];
  /** Lighthouse's version and the browser's, as the report names them. */
  versions: string;
  /** Lighthouse's measure of this machine's speed at the time (a loaded machine scores low, and its main-thread times run long). */
  benchmarkIndex: number;
  /** What Lighthouse warned of during the run (a slow machine, a redirect). */
  warnings: string[];
};
/** One page's runs and their medians. */
export type LighthouseRow = { path: string; runs: LighthouseRun[]; scores: Record<Category, number>; bytes: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Audits scored below 1 in a category (and those that could not run), the informative and not-applicable ones left out. */
function failingAudits(lhr: Result, category: Category): Failing[] {
  return lhr.categories[category]!.auditRefs.flatMap((ref) => {
    const audit = lhr.audits[ref.id]!;
    const mode = audit.scoreDisplayMode;
    if (mode === 'informative' || mode === 'notApplicable' || mode === 'manual') return [];
    if (mode !== 'error' && (audit.score === null || audit.score >= 1)) return [];
    const display = mode === 'error' ? `audit error: ${audit.errorMessage ?? 'unknown'}` : (audit.displayValue ?? '');
    return [{ id: audit.id, title: audit.title, score: audit.score, display, weight: ref.weight, examples: examples(audit.details) }];
  });
}

/** What an audit found, for the first few of its items: the message, the URL, the element. */
function examples(details: Result['audits'][string]['details']): string[] {
  // Tables of URLs, messages and elements; an insight's lists hold advice, not findings.
  if (!details || (details.type !== 'table' && details.type !== 'opportunity')) return [];
  return (details.items as unknown as Record<string, unknown>[]).slice(0, 3).flatMap((item) => {
    const field = (value: unknown, key: string): string | undefined => {
      const found = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      return typeof found === 'string' ? found : undefined;
    };
    const parts = [field(item, 'description'), field(item, 'url') ?? field(item.sourceLocation, 'url'), field(item.node, 'snippet')].filter(Boolean);
    const text = parts.join(' ').replace(/\s+/g, ' ');
    return text ? [text.length > 200 ? `${text.slice(0, 199)}…` : text] : [];
  });
}

/** The URLs the page asked for outside its own origin (none should have been fetched: Chromium resolves no other host). */
function requestsElsewhere(lhr: Result, origin: string): string[] {
  const details = lhr.audits['network-requests']?.details;
  if (!details || details.type !== 'table') return [];
  return details.items.map((item) => String(item.url)).filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

/** One Lighthouse mobile run of `url` in a Chromium of its own. */
async function lighthouseRun(url: string): Promise<LighthouseRun> {
  const { hostname, origin } = new URL(url);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${hostname}`],
    logLevel: 'silent',
  });
  try {
    // Lighthouse mobile as its default config has it, named so that no default elsewhere changes what is measured.
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      locale: 'en-US',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
      screenEmulation: screenEmulationMetrics.mobile,
      emulatedUserAgent: userAgents.mobile,
      throttlingMethod: 'simulate',
      throttling: throttling.mobileSlow4G,
      disableFullPageScreenshot: true,
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = {} as Record<Category, number>;
    const failing = {} as Record<Category, Failing[]>;
    for (const category of CATEGORIES) {
      const score = lhr.categories[category]?.score;
      if (score === null || score === undefined) throw new Error(`Lighthouse on ${url}: no ${category} score`);
      scores[category] = Math.round(score * 100);
      failing[category] = failingAudits(lhr, category);
    }
    return {
      scores,
      bytes: lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
      failing,
      elsewhere: requestsElsewhere(lhr, origin),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings,
      versions: `Lighthouse ${lhr.lighthouseVersion}, ${/(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? lhr.environment.hostUserAgent}`,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse mobile on each of `paths` under `baseUrl` (an origin, e.g. http://127.0.0.1:PORT),
 * `runs` times each in interleaved rounds: every run printed as it ends, the medians answered.
 */
export async function lighthouseRows(baseUrl: string, paths: string[], runs = 3): Promise<LighthouseRow[]> {
  const byPath = new Map<string, LighthouseRun[]>(paths.map((p) => [p, []]));
  for (let round = 1; round <= runs; round++) {
    for (const p of paths) {
      const start = performance.now();
      const run = await lighthouseRun(new URL(p, baseUrl).href);
      byPath.get(p)!.push(run);
      if (round === 1 && p === paths[0]) console.log(`${run.versions}:`);
      const scores = CATEGORIES.map((c) => `${LABELS[c]} ${run.scores[c]}`).join(', ');
      const elsewhere = run.elsewhere.length > 0 ? `; asked for elsewhere (not fetched): ${run.elsewhere.join(', ')}` : '';
      console.log(
        `${p} run ${round}: ${scores}, ${fmt(run.bytes / KB)} KB (${fmt((performance.now() - start) / 1000, 1)} s, benchmark index ${fmt(run.benchmarkIndex)})${elsewhere}`,
      );
    }
  }
  const warnings = [...new Set([...byPath.values()].flatMap((pageRuns) => pageRuns.flatMap((r) => r.warnings)))];
  for (const warning of warnings) console.log(`Lighthouse warned: ${warning.replace(/\s+/g, ' ')}`);
  return paths.map((p) => {
    const pageRuns = byPath.get(p)!;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(pageRuns.map((r) => r.scores[c]))])) as Record<Category, number>;
    return { path: p, runs: pageRuns, scores, bytes: median(pageRuns.map((r) => r.bytes)) };
  });
}

const mark = (met: boolean) => (met ? '✓' : '✗');

/** The medians beside the goals (the transfer goal is the home page's), the hosted builders' figures, then what failed in each category under its goal. */
export function printLighthouseTable(rows: LighthouseRow[]): void {
  const header = ['page', ...CATEGORIES.map((c) => LABELS[c]), 'transfer'];
  const cells = rows.map((r) => [
    r.path,
    ...CATEGORIES.map((c) => `${r.scores[c]} ${mark(r.scores[c] >= GOALS[c])}`),
    `${fmt(r.bytes / KB)} KB${r.path === '/' ? ` ${mark(r.bytes <= HOME_KB_GOAL * KB)}` : ''}`,
  ]);
  const goals = ['goal', ...CATEGORIES.map((c) => (GOALS[c] === 100 ? '100' : `>= ${GOALS[c]}`)), `home <= ${HOME_KB_GOAL} KB`];
  const widths = header.map((h, i) => Math.max(h.length, goals[i]!.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  console.log(line(goals));
  console.log(HOSTED);
  const missed = rows.flatMap((r) => CATEGORIES.filter((c) => r.scores[c] < GOALS[c]).map((c) => ({ row: r, category: c })));
  const homeOver = rows.filter((r) => r.path === '/' && r.bytes > HOME_KB_GOAL * KB).length;
  console.log(
    missed.length + homeOver === 0
      ? '\nEvery Lighthouse goal met.'
      : `\n${missed.length + homeOver} of ${rows.length * CATEGORIES.length + rows.filter((r) => r.path === '/').length} Lighthouse goals not met.`,
  );
  for (const { row, category } of missed) {
    console.log(`\n${row.path}, ${LABELS[category]} ${row.scores[category]} (goal ${GOALS[category]}): failing audits, in how many of ${row.runs.length} runs`);
    // Each audit once, at its lowest score over the runs.
    const worst = new Map<string, { audit: Failing; runs: number }>();
    for (const run of row.runs) {
      for (const audit of run.failing[category]) {
        const seen = worst.get(audit.id);
        if (!seen) worst.set(audit.id, { audit, runs: 1 });
        else worst.set(audit.id, { audit: (audit.score ?? 1) < (seen.audit.score ?? 1) ? audit : seen.audit, runs: seen.runs + 1 });
      }
    }
    const listed = [...worst.values()].sort((a, b) => b.audit.weight - a.audit.weight || b.runs - a.runs || a.audit.id.localeCompare(b.audit.id));
    if (listed.length === 0) console.log('  none: the category lost its points to no single audit');
    for (const { audit, runs } of listed) {
      const score = audit.score === null ? '' : `score ${fmt(audit.score, 2)}`;
      const facts = [score, audit.weight > 0 ? `weight ${audit.weight}` : '', audit.display].filter(Boolean).join(', ');
      console.log(`  ${audit.id}: ${audit.title}${facts ? ` (${facts})` : ''}; ${runs} of ${row.runs.length}`);
      for (const example of audit.examples) console.log(`    ${example}`);
    }
  }
}

/** The section: the demo site's pages under Lighthouse mobile, with the server started and stopped here. */
export async function lighthouseBench(dataDir: string, children: ChildProcess[], spawnServer: SpawnServer): Promise<void> {
  const start = performance.now();
  await withSiteServer({ dataDir, name: 'lighthouse', doc: demoDocument(), children, spawnServer }, async (origin, database) => {
    console.log(
      `Lighthouse mobile (simulated Slow 4G, 4x CPU slowdown), the demo site (its images' copies made ${fmt((performance.now() - start) / 1000)} s after the start), ` +
        `median of ${RUNS} runs per page, each in a fresh Chromium:`,
    );
    const rows = await lighthouseRows(origin, LIGHTHOUSE_PAGES, RUNS);
    console.log('');
    printLighthouseTable(rows);
    console.log('');
    // The same pages with each palette preset from #1d5c4d published, as an owner would from the Design screen.
    const websiteId = (await database.pool.query<{ id: string }>(`SELECT id FROM websites WHERE is_default`)).rows[0]!.id;
    const accountId = await createAccount(database.db, 'designer@bench.example', randomBytes(16).toString('hex'));
    for (const preset of PALETTE_PRESETS) {
      const before = await designSheetOf(origin);
      const state = await designScreen(database.db, websiteId, TEAM_ROLES.ADMIN);
      const design = withPalette(DEFAULT_DESIGN, { mode: 'Presets', preset, seed: PRESET_SEED, swatches: paletteFromPreset(preset, PRESET_SEED) });
      const saved = await saveDesignDraft(database.db, {
        websiteId,
        accountId,
        role: TEAM_ROLES.ADMIN,
        baseVersion: state.draft.version,
        changeId: `bench-${preset}`,
        design,
      });
      if (!saved.ok || !(await publishDesign(database.db, websiteId, accountId, saved.value.version)).ok)
        throw new Error(`the ${preset} design was not published`);
      // The app drops the site's cached pages on the change's notification: wait until its home page links the new design.
      while ((await designSheetOf(origin)) === before) await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(`With the ${preset} palette from ${PRESET_SEED}:`);
      printLighthouseTable(await lighthouseRows(origin, LIGHTHOUSE_PAGES, RUNS));
      console.log('');
    }
  });
}

const PRESET_SEED = '#1d5c4d';

/** The per-site stylesheet the site's home page links. */
async function designSheetOf(origin: string): Promise<string | undefined> {
  const html = await (await fetch(`${origin}/`)).text();
  return /href="(\/fonts\/[^"]+\.css)"/.exec(html)?.[1];
}

/**
 * The templates' home pages (every folder of sites/ but the demo, measured above) under the same
 * Lighthouse mobile run, each template on a server of its own, its images' copies made first.
 */
export async function lighthouseTemplatesBench(dataDir: string, children: ChildProcess[], spawnServer: SpawnServer): Promise<void> {
  const rows: LighthouseRow[] = [];
  for (const id of readdirSync(projectPath('sites'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'demo')
    .map((e) => e.name)) {
    const doc = JSON.parse(readFileSync(projectPath('sites', id, 'site.json'), 'utf8')) as SiteDocument;
    await withSiteServer({ dataDir, name: `lighthouse-${id}`, doc, children, spawnServer }, async (origin) => {
      const [row] = await lighthouseRows(origin, ['/'], RUNS);
      rows.push({ ...row!, path: `${id} /` });
    });
  }
  console.log(`Lighthouse mobile on each template's home page, median of ${RUNS} runs:`);
  printLighthouseTable(rows);
  console.log('');
}
