import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blogPostPath, DEFAULT_BLOG_URL_PATTERN, normalizeBlogUrlPattern, slugify } from './blog-url';

const PUBLISHED = new Date('2024-03-05T12:00:00Z');

describe('normalizeBlogUrlPattern', () => {
  // constants and helpers for 000-5.46 (the HTTP behaviour is left to HTTP tests)
  it('keeps only the tokens %y %m %d %t', () => {
    expect(normalizeBlogUrlPattern('%y/%m/%d/%t')).toBe('%y/%m/%d/%t');
    expect(normalizeBlogUrlPattern('%y/%x/%t')).toBe('%y/%t');
    expect(normalizeBlogUrlPattern('%H%t')).toBe('%t');
    expect(normalizeBlogUrlPattern('news/%-%t')).toBe('news/-%t');
  });

  // constants and helpers for 000-5.47 (the HTTP behaviour is left to HTTP tests)
  it('collapses slashes and percents', () => {
    expect(normalizeBlogUrlPattern('%y//%m///%t')).toBe('%y/%m/%t');
    expect(normalizeBlogUrlPattern('%%y/%%%t')).toBe('%y/%t');
  });

  // constants and helpers for 000-5.48 (the HTTP behaviour is left to HTTP tests)
  it('lowercases', () => {
    expect(normalizeBlogUrlPattern('News/%Y/%T')).toBe('news/%y/%t');
  });

  // constants and helpers for 000-5.49 (the HTTP behaviour is left to HTTP tests)
  it('turns spaces into hyphens', () => {
    expect(normalizeBlogUrlPattern('our news/%t')).toBe('our-news/%t');
  });

  // constants and helpers for 000-5.50 (the HTTP behaviour is left to HTTP tests)
  it('removes characters other than letters, digits, slash and hyphen', () => {
    expect(normalizeBlogUrlPattern('news!/2.0_/%t?')).toBe('news/20/%t');
  });

  // constants and helpers for 000-5.46, 000-5.47, 000-5.48, 000-5.49, 000-5.50 (the HTTP behaviour is left to HTTP tests)
  it('is idempotent and leaves only allowed characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (pattern) => {
        const once = normalizeBlogUrlPattern(pattern);
        expect(normalizeBlogUrlPattern(once)).toBe(once);
        expect(once).toMatch(/^[a-z0-9/%-]*$/);
        expect(once).not.toMatch(/%(?![ymdt])/);
        expect(once).not.toMatch(/\/\/|%%/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('blogPostPath', () => {
  // constants and helpers for 000-5.46 (the HTTP behaviour is left to HTTP tests)
  it('expands year, month, day and title', () => {
    expect(blogPostPath(DEFAULT_BLOG_URL_PATTERN, { title: 'Hello World', publishedAt: PUBLISHED })).toBe('2024/03/05/hello-world');
    expect(blogPostPath('blog/%t-%y', { title: 'Spring', publishedAt: PUBLISHED })).toBe('blog/spring-2024');
  });

  // constants and helpers for 000-5.46 (the HTTP behaviour is left to HTTP tests)
  it('uses %y/%m/%d/%t when the pattern is empty', () => {
    expect(DEFAULT_BLOG_URL_PATTERN).toBe('%y/%m/%d/%t');
    expect(blogPostPath('', { title: 'Hi', publishedAt: PUBLISHED })).toBe('2024/03/05/hi');
  });

  // constants and helpers for 000-5.46 (the HTTP behaviour is left to HTTP tests)
  it('reads the date in the given time zone', () => {
    const late = new Date('2024-12-31T23:30:00Z');
    expect(blogPostPath('%y/%m/%d', { title: 'x', publishedAt: late })).toBe('2024/12/31');
    expect(blogPostPath('%y/%m/%d', { title: 'x', publishedAt: late, timeZone: 'Asia/Tokyo' })).toBe('2025/01/01');
  });

  // constants and helpers for 000-5.47, 000-5.48, 000-5.49, 000-5.50 (the HTTP behaviour is left to HTTP tests)
  it('applies the text rules to the title', () => {
    expect(blogPostPath('%t', { title: 'Hello', publishedAt: PUBLISHED })).toBe('hello');
    expect(blogPostPath('%t', { title: 'Hello World', publishedAt: PUBLISHED })).toBe('hello-world');
    expect(blogPostPath('%t', { title: 'Hi, you!', publishedAt: PUBLISHED })).toBe('hi-you');
    expect(blogPostPath('%t', { title: 'A/B testing 100%', publishedAt: PUBLISHED })).toBe('ab-testing-100');
    expect(blogPostPath('%t', { title: 'Café Crème', publishedAt: PUBLISHED })).toBe('cafe-creme');
  });

  // constants and helpers for 000-5.46 (the HTTP behaviour is left to HTTP tests)
  it('uses the stored slug for %t when given', () => {
    expect(blogPostPath('%y/%t', { title: 'Ignored', slug: 'my-slug', publishedAt: PUBLISHED })).toBe('2024/my-slug');
  });

  // constants and helpers for 000-5.47, 000-5.50 (the HTTP behaviour is left to HTTP tests)
  it('gives only letters, digits, single slashes and hyphens for any title and pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 80 }), (pattern, title) => {
        const path = blogPostPath(pattern, { title, publishedAt: PUBLISHED });
        expect(path).toMatch(/^[a-z0-9/-]*$/);
        expect(path).not.toMatch(/\/\//);
      }),
    );
  });
});

describe('slugify', () => {
  // constants and helpers for 000-5.48, 000-5.49, 000-5.50 (the HTTP behaviour is left to HTTP tests)
  it('gives one lowercase segment', () => {
    expect(slugify('  Straße  und Æther ')).toBe('strasse-und-aether');
    expect(slugify('A - B')).toBe('a-b');
  });
});
