/**
 * File sizes (seed 001 §5, §9): upload limits count megabytes of 1,000,000 bytes, while sizes shown
 * to people use base 1024 (the seed has both; each is used where it says).
 */

export const BYTES_PER_MB = 1000000;

export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** '0 Bytes', '1 KB', '1.5 MB' …: base 1024, at most two decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${FILE_SIZE_UNITS[0]}`;
  const exponent = Math.max(0, Math.min(FILE_SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))));
  const value = Number((bytes / 1024 ** exponent).toFixed(2));
  return `${value} ${FILE_SIZE_UNITS[exponent]}`;
}

/** What an upload is, by its content: each kind has its own size limit. */
export const FILE_KINDS = ['image', 'video', 'audio', 'document'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The largest upload of each kind, in megabytes of BYTES_PER_MB (seed 001 §9). */
export const FILE_KIND_LIMITS_MB: Readonly<Record<FileKind, number>> = { image: 20, video: 500, audio: 100, document: 50 };

/** An image with more pixels than this (width x height, x frames when animated) is refused before it is decoded, as imgproxy's default: a decompression bomb. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** '12.3 MB': bytes in the megabytes limits are set in (BYTES_PER_MB), at most one decimal, for the space a site has and uses. */
export function formatMegabytes(bytes: number): string {
  return `${Number((Math.max(0, bytes) / BYTES_PER_MB).toFixed(1))} MB`;
}

/** The name of a site file its address names (`/s/{name}`, as the asset library hands it back), or undefined. */
export function siteFileNameOf(address: string): string | undefined {
  return /^\/s\/([A-Za-z0-9][A-Za-z0-9._-]*)$/.exec(address)?.[1];
}
