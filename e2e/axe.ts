/** axe-core in a page: the serious and critical violations, one line each. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Puts axe-core in the page once. Evaluated through the protocol, as DevTools would: no script
 * element carrying axe's 550 KB as text (about a third less of the page's CPU than addScriptTag),
 * and no page CSP to pass.
 */
export async function loadAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  const devtools = await page.context().newCDPSession(page);
  try {
    const { exceptionDetails } = await devtools.send('Runtime.evaluate', { expression: axeSource });
    if (exceptionDetails) throw new Error(`axe-core did not load: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  } finally {
    await devtools.detach();
  }
}

/** Resolves once every finite animation and transition running in the page has ended (a dialog's fade-in, say). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await loadAxe(page);
  // Judge the settled page: a dialog fading in is half-transparent for 0.3 s, and its colours
  // measured mid-fade are not the ones a visitor reads.
  await animationsSettled(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
