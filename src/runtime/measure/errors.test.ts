import { describe, expect, it } from 'vitest';
import { errorQueue, errorReport } from './errors';

const page = { websiteId: 'w1', templateId: 't1', url: 'https://pottery.example/about', userAgent: 'UA' };

describe('error reports', () => {
  // covers 000-3.32, 000-3.33, 000-9.06
  it('is {event, data, timestamp} with the seed’s data fields and the stack cut at 5000 characters', () => {
    const report = errorReport('javascript_error', { message: 'boom', stack: 'x'.repeat(10000), file: 'a.js', line: 3, column: 9 }, page, 42);
    expect(Object.keys(report)).toEqual(['event', 'data', 'timestamp']);
    expect(Object.keys(report.data).sort()).toEqual(
      ['app', 'column', 'custom', 'file', 'line', 'message', 'stack', 'templateId', 'url', 'userAgent', 'websiteId'].sort(),
    );
    expect(report.data.stack).toHaveLength(5000);
    expect(report.timestamp).toBe(42);
    expect(errorReport('e', { message: 'm' }, page, 1).data).toMatchObject({ stack: '', file: null, line: null, column: null, custom: {} });
  });

  // covers 000-9.04, 000-9.05
  it('accepts at most 10 waiting and 20 a page; refused ones do not count', () => {
    const q = errorQueue<number>();
    const added = Array.from({ length: 15 }, (_, i) => q.add(i));
    expect(added.filter(Boolean)).toHaveLength(10);
    expect(q.take()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Array.from({ length: 15 }, (_, i) => q.add(100 + i)).filter(Boolean)).toHaveLength(10);
    expect(q.take()).toHaveLength(10);
    expect(q.add(999)).toBe(false);
    expect(q.take()).toEqual([]);
  });
});
