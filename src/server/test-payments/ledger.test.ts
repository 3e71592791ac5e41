import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLedger, readLedger } from './ledger';
import { parseForm } from './server';
import { signPayload, verifySignature } from './signing';

async function readAll<T>(file: string): Promise<T[]> {
  const records: T[] = [];
  for await (const record of readLedger<T>(file)) records.push(record);
  return records;
}

describe('the ledger', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
  const file = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ledger-'));
    dirs.push(dir);
    return path.join(dir, 'ledger.jsonl');
  };

  it('keeps records appended at once, in order, and reads them back', async () => {
    const at = await file();
    const ledger = await openLedger<{ n: number }>(at);
    await Promise.all(Array.from({ length: 50 }, (_, n) => ledger.append([{ n }])));
    await ledger.close();
    expect((await readAll<{ n: number }>(at)).map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('drops a last line a crash cut short: it was never answered', async () => {
    const at = await file();
    const ledger = await openLedger<{ n: number }>(at);
    await ledger.append([{ n: 1 }, { n: 2 }]);
    await ledger.close();
    await appendFile(at, '{"n":3,"tr');
    expect(await readAll(at)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await readFile(at, 'utf8')).toMatch(/\{"n":3,"tr$/);
  });

  it('reads records longer than a read buffer whole, and a ledger of many lines in order', async () => {
    const at = await file();
    const ledger = await openLedger<{ n: number; pad: string }>(at);
    const pad = 'x'.repeat(100_000);
    for (let n = 0; n < 20; n++) await ledger.append(Array.from({ length: 50 }, (_, i) => ({ n: n * 50 + i, pad: i === 0 ? pad : '' })));
    await ledger.close();
    const records = await readAll<{ n: number; pad: string }>(at);
    expect(records.map((r) => r.n)).toEqual(Array.from({ length: 1000 }, (_, n) => n));
    expect(records.filter((r) => r.pad === pad)).toHaveLength(20);
  });

  it('reads a missing ledger as empty', async () => {
    expect(await readAll(path.join(tmpdir(), 'no-such-ledger.jsonl'))).toEqual([]);
  });
});

describe('Stripe’s form encoding', () => {
  it('nests bracketed names', () => {
    expect(parseForm('amount=100&metadata[attempt_key]=a1&metadata[delay_ms]=5&a[b][c]=d')).toEqual({
      amount: '100',
      metadata: { attempt_key: 'a1', delay_ms: '5' },
      a: { b: { c: 'd' } },
    });
  });
});

describe('webhook signatures', () => {
  const body = Buffer.from('{"id":"evt_1"}');
  const t = 1_800_000_000;

  it('holds for the body and secret it was made with, within five minutes', () => {
    expect(verifySignature('whsec_a', body, signPayload('whsec_a', body, t), t + 300)).toBe(true);
    expect(verifySignature('whsec_a', body, `t=${t},v1=00,${signPayload('whsec_a', body, t).split(',')[1]}`, t)).toBe(true);
  });

  it('fails for another secret, another body, an old or missing time, or a malformed header', () => {
    expect(verifySignature('whsec_b', body, signPayload('whsec_a', body, t), t)).toBe(false);
    expect(verifySignature('whsec_a', Buffer.from('{}'), signPayload('whsec_a', body, t), t)).toBe(false);
    expect(verifySignature('whsec_a', body, signPayload('whsec_a', body, t), t + 301)).toBe(false);
    expect(verifySignature('whsec_a', body, signPayload('whsec_a', body, t).replace(/^t=\d+,/, ''), t)).toBe(false);
    expect(verifySignature('whsec_a', body, 'nonsense', t)).toBe(false);
  });
});
