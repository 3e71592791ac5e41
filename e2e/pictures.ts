/** Pictures of screens for a person to look at: kept only when SCREENSHOTS names a folder. */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

export async function picture(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
