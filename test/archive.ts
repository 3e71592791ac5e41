/** Site archives in tests: read one into its entries, and write one from entries (to hand-make a damaged or odd archive). */
import { Readable } from 'node:stream';
import tar from 'tar-stream';

export type ArchiveEntry = { name: string; data: Buffer; type?: 'file' | 'directory' };

export async function untar(bytes: Buffer): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  Readable.from([bytes]).pipe(extract);
  const found: ArchiveEntry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    found.push({ name: entry.header.name, data: Buffer.concat(chunks), type: entry.header.type === 'directory' ? 'directory' : 'file' });
  }
  return found;
}

export async function tarOf(entries: readonly ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries)
    pack.entry(
      e.type === 'directory' ? { name: e.name, type: 'directory' } : { name: e.name, size: e.data.length },
      e.type === 'directory' ? undefined : e.data,
    );
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
