/**
 * The test payment service as a program of its own (`node dist/server/test-payments.js --data-dir
 * DIR [--port N] [--host H] [--public-url URL]`), started beside the app by ./process.ts (the public
 * address is where browsers reach its authentication pages). Its files live in DIR/test-payments/:
 * the ledger, the pid file (taken exclusively, so two services never share a ledger) and the port
 * file (written once it listens, so a starter knows where it answers). SIGTERM stops it.
 */
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createAccounts } from './accounts';
import { openLedger, readLedger } from './ledger';
import { createTestPaymentsServer } from './server';
import { ALREADY_RUNNING, isAlive, LEDGER_FILE, PID_FILE, PORT_FILE, serviceDir, serviceOf } from './process';
import type { LedgerRecord } from './stripe-objects';

/** Takes the pid file, written whole before it appears (a link of a file of our own), so no one reads it empty. */
async function claimPidFile(dir: string): Promise<boolean> {
  const mine = path.join(dir, `${PID_FILE}.${process.pid}`);
  await writeFile(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let tries = 0; tries < 2; tries += 1) {
      try {
        await link(mine, path.join(dir, PID_FILE));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      // Another service's (answering, or started and not listening yet), or one a kill left behind.
      if (await serviceOf(dir)) return false;
      const pid = await pidIn(dir);
      if (pid !== process.pid && isAlive(pid)) return false;
      await rm(path.join(dir, PID_FILE), { force: true });
    }
    return false;
  } finally {
    await rm(mine, { force: true });
  }
}

const pidIn = async (dir: string) => Number((await readFile(path.join(dir, PID_FILE), 'utf8').catch(() => '')).trim());

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'public-url': { type: 'string' },
    },
  });
  if (!values['data-dir']) throw new Error('--data-dir is required');
  const dir = serviceDir(values['data-dir']);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (!(await claimPidFile(dir))) process.exit(ALREADY_RUNNING);
  const file = `${dir}/${LEDGER_FILE}`;
  let port = 0;
  // Where browsers reach its authentication pages.
  const accounts = createAccounts(() => values['public-url']?.replace(/\/$/, '') ?? `http://${values.host}:${port}`);
  for await (const record of readLedger<LedgerRecord>(file)) accounts.apply(record);
  const ledger = await openLedger<LedgerRecord>(file);
  const server = createTestPaymentsServer({ accounts, ledger, ledgerDir: dir });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(values.port), values.host, resolve);
  });
  port = (server.address() as AddressInfo).port;
  // Two services that both found a stale pid file may both have taken it: the one it names now stays.
  if ((await pidIn(dir)) !== process.pid) {
    server.close();
    process.exit(ALREADY_RUNNING);
  }
  await writeFile(`${dir}/${PORT_FILE}.tmp`, `${port}\n`, { mode: 0o600 });
  await rename(`${dir}/${PORT_FILE}.tmp`, `${dir}/${PORT_FILE}`);
  console.log(`test payment service listening on ${values.host}:${port}, ledger in ${file}`);

  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await ledger.close();
    await rm(`${dir}/${PORT_FILE}`, { force: true });
    await rm(`${dir}/${PID_FILE}`, { force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
