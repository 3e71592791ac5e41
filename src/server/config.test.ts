/** The settings the environment gives, checked at start: the metrics token (empty meaning unset), the file store, the password hashes’ cost. */
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('METRICS_LISTEN', () => {
  it('takes a loopback address and a port, and refuses any other address', () => {
    expect(readConfig({}).metricsListen).toBeUndefined();
    expect(readConfig({ METRICS_LISTEN: '127.0.0.1:9464' }).metricsListen).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(readConfig({ METRICS_LISTEN: '[::1]:9464' }).metricsListen).toEqual({ host: '::1', port: 9464 });
    for (const bad of ['0.0.0.0:9464', '192.168.1.5:9464', 'localhost:9464', '127.0.0.1', '127.0.0.1:70000']) {
      expect(() => readConfig({ METRICS_LISTEN: bad }), bad).toThrow('METRICS_LISTEN must');
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset when absent or empty, and kept as given when long enough', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '0123456789abcdef' }).metricsToken).toBe('0123456789abcdef');
  });

  it('stops the start when shorter than 16 characters or holding a space, without echoing it', () => {
    for (const token of ['short-token', 'has a space in it 0123']) {
      expect(() => readConfig({ METRICS_TOKEN: token })).toThrow('METRICS_TOKEN must be at least 16 characters with no spaces');
      expect(() => readConfig({ METRICS_TOKEN: token })).not.toThrow(token);
    }
  });
});

describe('FILE_STORE and the S3 settings', () => {
  it('keeps files in PostgreSQL unless told otherwise, four puts at once', () => {
    for (const env of [{}, { FILE_STORE: '' }, { FILE_STORE: 'postgres' }]) {
      expect(readConfig(env)).toMatchObject({ fileStore: 'postgres', postgresWriters: 4, s3: undefined });
    }
    expect(readConfig({ FILE_STORE: 'disk', FILE_STORE_POSTGRES_WRITERS: '2' })).toMatchObject({ fileStore: 'disk', postgresWriters: 2, s3: undefined });
    expect(() => readConfig({ FILE_STORE: 'ftp' })).toThrow('FILE_STORE must be postgres, disk or s3');
    expect(() => readConfig({ FILE_STORE_POSTGRES_WRITERS: '0' })).toThrow('FILE_STORE_POSTGRES_WRITERS');
  });

  it('reads the S3 settings, with us-east-1, no prefix, virtual-host addressing and the SDK’s credentials by default', () => {
    expect(readConfig({ FILE_STORE: 's3', S3_BUCKET: 'openpress-files' }).s3).toEqual({
      bucket: 'openpress-files',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    const full = readConfig({
      FILE_STORE: 's3',
      S3_BUCKET: 'files',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'the-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'openpress/',
    });
    expect(full.s3).toEqual({
      bucket: 'files',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'the-secret-key' },
      forcePathStyle: true,
      prefix: 'openpress/',
    });
    // S3 settings mean nothing to the other stores.
    expect(readConfig({ FILE_STORE: 'disk', S3_BUCKET: 'files' }).s3).toBeUndefined();
  });

  it('stops the start with a clear message when FILE_STORE=s3 lacks a bucket or half its credentials, never echoing the secret', () => {
    expect(() => readConfig({ FILE_STORE: 's3' })).toThrow('S3_BUCKET is required when FILE_STORE is s3');
    expect(() => readConfig({ FILE_STORE: 's3', S3_BUCKET: '' })).toThrow('S3_BUCKET is required when FILE_STORE is s3');
    const half = { FILE_STORE: 's3', S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'the-secret-key' };
    expect(() => readConfig(half)).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
    expect(() => readConfig(half)).not.toThrow('the-secret-key');
    expect(() => readConfig({ FILE_STORE: 's3', S3_BUCKET: 'Not A Bucket' })).toThrow('S3_BUCKET must be a bucket name');
    expect(() => readConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http:// or https:// address');
    expect(() => readConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('is 15 unless set, and stops the start outside 10 to 17', () => {
    expect(readConfig({}).passwordHashCost).toBe(15);
    expect(readConfig({ PASSWORD_HASH_COST: '' }).passwordHashCost).toBe(15);
    expect(readConfig({ PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17);
    for (const cost of ['9', '18', '12.5', 'high']) {
      expect(() => readConfig({ PASSWORD_HASH_COST: cost })).toThrow('PASSWORD_HASH_COST must be a whole number from 10 to 17');
    }
  });
});

describe('import and storage limits, site creation and punycode identifiers', () => {
  it('has its defaults unless set, and stops the start on a value it cannot use', () => {
    expect(readConfig({}).siteLimits).toEqual({
      importMaxBytes: 2_500_000_000,
      importMaxRatio: 100,
      storageBytes: 2_000_000_000,
      siteCreation: 'admins',
      allowPunycode: false,
      newStoreTestMode: true,
    });
    // A managed database is a real store's: its new stores take real payments from the start.
    expect(readConfig({ DATABASE_URL: 'postgres://shop@db.example.com/openpress' }).siteLimits.newStoreTestMode).toBe(false);
    expect(
      readConfig({
        IMPORT_MAX_BYTES: '5000000',
        IMPORT_MAX_RATIO: '20',
        SITE_STORAGE_MB: '250.5',
        SITE_CREATION: 'operator',
        ALLOW_PUNYCODE_IDENTIFIERS: 'true',
      }).siteLimits,
    ).toEqual({
      importMaxBytes: 5_000_000,
      importMaxRatio: 20,
      storageBytes: 250_500_000,
      siteCreation: 'operator',
      allowPunycode: true,
      newStoreTestMode: true,
    });
    expect(() => readConfig({ IMPORT_MAX_BYTES: '1000' })).toThrow('IMPORT_MAX_BYTES must be a whole number of bytes, at least 1000000');
    expect(() => readConfig({ IMPORT_MAX_RATIO: '1' })).toThrow('IMPORT_MAX_RATIO must be a whole number from 2 to 100000');
    expect(() => readConfig({ SITE_STORAGE_MB: 'lots' })).toThrow('SITE_STORAGE_MB must be a number of megabytes, at least 1');
    expect(() => readConfig({ SITE_CREATION: 'everyone' })).toThrow('SITE_CREATION must be admins, anyone or operator');
  });
});
