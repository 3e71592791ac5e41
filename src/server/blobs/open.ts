/**
 * Opens the blob store the settings name (FILE_STORE, read by src/server/config.ts): the database's
 * tables by default, a folder under DATA_DIR, or an S3-compatible bucket.
 */
import type { Database } from '../../db/client';
import { diskBlobStore } from './disk-store';
import { postgresBlobStore } from './postgres-store';
import type { S3Settings } from './s3-store';
import type { BlobStore } from './store';

export type { S3Settings };

/** What ServerConfig carries for the store (a ServerConfig is one). */
export type BlobStoreSettings = {
  fileStore: 'postgres' | 'disk' | 's3';
  dataDir: string;
  /** Required when fileStore is 's3'. */
  s3?: S3Settings | undefined;
  /** The PostgreSQL store's puts at once (4 when unset). */
  postgresWriters?: number | undefined;
};

export async function openBlobStore(settings: BlobStoreSettings, database: Pick<Database, 'pool'>): Promise<BlobStore> {
  switch (settings.fileStore) {
    case 'postgres':
      return postgresBlobStore(database, { writers: settings.postgresWriters });
    case 'disk':
      return diskBlobStore(settings.dataDir);
    case 's3': {
      if (!settings.s3) throw new Error('FILE_STORE is s3 but the S3 settings are missing (S3_BUCKET is required)');
      // The S3 client loads only where it is used: it is about 0.4 CPU-s of a process's start.
      const { s3BlobStore } = await import('./s3-store');
      return s3BlobStore(settings.s3);
    }
  }
}
