import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, formatFileSize } from './files';

describe('file sizes', () => {
  // covers 001-5.39
  it('shows Bytes, KB, MB and so on with base 1024', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1048576)).toBe('1 MB');
    expect(formatFileSize(1073741824)).toBe('1 GB');
  });

  // covers 001-9.81
  it('counts a megabyte of upload limit as 1,000,000 bytes', () => {
    expect(BYTES_PER_MB).toBe(1000000);
  });
});
