/**
 * Contrast on published pages (issue: site styles): the demo's home page with each palette preset
 * from #1d5c4d and from the seed's fallback colour (seed 001 §9's salmon) has no `color-contrast`
 * violation in axe-core, on a desktop and a phone screen. The preset's design is published through
 * the Design screen's calls, as the owner would.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designAnswer } from '../src/contracts/design';
import { DEFAULT_DESIGN, withPalette } from '../src/document/design';
import { FALLBACK_PALETTE_SEED, PALETTE_PRESETS } from '../src/domain/palette';
import { paletteFromPreset } from '../src/domain/palette-generator';
import { animationsSettled, loadAxe } from './axe';
import { ownerApi, siteForFile, visitorContext, type ConfigApi } from './harness';

const env = siteForFile();
let owner: ConfigApi;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  owner = await ownerApi(env.site());
  desktop = await visitorContext(env.browser(), env.site(), { viewport: { width: 1280, height: 900 }, bypassCSP: true });
  phone = await visitorContext(env.browser(), env.site(), { viewport: { width: 390, height: 844 }, bypassCSP: true });
});
afterAll(async () => {
  await desktop?.close();
  await phone?.close();
});

/** The per-site stylesheet's address the home page links now. */
async function sheetOf(): Promise<string | undefined> {
  const res = await owner.http.get(`${env.site().url}/`);
  return /href="(\/fonts\/[^"]+\.css)"/.exec(await res.text())?.[1];
}

/** Publishes the preset's palette (with the palette's own colour themes) and waits until visitors get it. */
async function publishPreset(preset: (typeof PALETTE_PRESETS)[number], seed: string) {
  const before = await sheetOf();
  const { draft } = designAnswer.parse(await owner.call('GET', '/api/config/design'));
  const design = withPalette(DEFAULT_DESIGN, { mode: 'Presets', preset, seed, swatches: paletteFromPreset(preset, seed) });
  const saved = await owner.call<{ version: number }>('PUT', '/api/config/design/draft', {
    baseVersion: draft.version,
    changeId: `preset-${preset}-${seed}`,
    design,
  });
  await owner.call('POST', '/api/config/design/publish', { version: saved.version });
  await expect.poll(sheetOf).not.toBe(before);
}

/** axe-core's colour-contrast violations on the home page, one line each. */
async function contrastViolations(context: BrowserContext): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(`${env.site().url}/`);
  await page.evaluate(() => document.fonts.ready);
  await loadAxe(page);
  await animationsSettled(page);
  const found = await page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
  });
  await page.close();
  return found;
}

describe.each([
  ['#1d5c4d', '#1d5c4d'],
  ['the fallback colour', FALLBACK_PALETTE_SEED],
])('each preset from %s', (_name, seed) => {
  it.each(PALETTE_PRESETS)('%s reads on desktop and phone', async (preset) => {
    await publishPreset(preset, seed);
    expect(await contrastViolations(desktop)).toEqual([]);
    expect(await contrastViolations(phone)).toEqual([]);
  });
});
