/**
 * The bench's one table: every row a measurement beside its baseline from the same run, the ratio
 * between them, and the goal that ratio (or the measurement itself) is held to.
 */
export type GoalRow = {
  path: string;
  /** What was measured, with its unit ("24,310 req/s", "p99 3 ms"). */
  measured: string;
  /** The baseline it is compared with, measured in the same run. */
  baseline: string;
  /** measured / baseline. */
  ratio: number;
  /** The goal in words ("≥ 0.6x", "p99 < 50 ms"). */
  goal: string;
  met: boolean;
};

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';

export function printTable(rows: GoalRow[]): void {
  const header = ['path', 'measured', 'baseline (same run)', 'ratio', 'goal', 'met'];
  const cells = rows.map((r) => [r.path, r.measured, r.baseline, `${fmt(r.ratio, 2)}x`, r.goal, r.met ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  const missed = rows.filter((r) => !r.met).length;
  console.log(missed === 0 ? '\nEvery goal met.' : `\n${missed} of ${rows.length} goals not met.`);
}
