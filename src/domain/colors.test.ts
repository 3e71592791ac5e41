import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidColor, normalizeColor, parseColor } from './colors';

describe('accepted colour strings', () => {
  // constants and helpers for 000-5.52 (the HTTP behaviour is left to HTTP tests)
  it('accepts 3- and 6-digit hex and nothing else', () => {
    expect(normalizeColor('#abc')).toBe('#abc');
    expect(normalizeColor('#AABBCC')).toBe('#aabbcc');
    for (const bad of ['#12', '#1234', '#12345', '#1234567', '#12345678', 'abc', '#ggg']) expect(isValidColor(bad)).toBe(false);
  });

  // constants and helpers for 000-5.52 (the HTTP behaviour is left to HTTP tests)
  it('accepts rgb, rgba, hsl, hsla and hwb', () => {
    expect(normalizeColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(normalizeColor('rgba(1,2,3,0.5)')).toBe('rgba(1, 2, 3, 0.5)');
    expect(normalizeColor('hsl(120, 50%, 25%)')).toBe('hsl(120, 50%, 25%)');
    expect(normalizeColor('hsla(120deg, 50%, 25%, .25)')).toBe('hsla(120, 50%, 25%, 0.25)');
    expect(normalizeColor('hwb(120 10% 20%)')).toBe('hwb(120 10% 20%)');
    expect(normalizeColor('hwb(120 10% 20% / 0.5)')).toBe('hwb(120 10% 20% / 0.5)');
    expect(normalizeColor('RGB( 1 2 3 )')).toBe('rgb(1, 2, 3)');
  });

  // constants and helpers for 000-5.52 (the HTTP behaviour is left to HTTP tests)
  it('accepts colour keywords and refuses unknown words', () => {
    expect(normalizeColor('Red')).toBe('red');
    expect(normalizeColor('rebeccapurple')).toBe('rebeccapurple');
    expect(normalizeColor('transparent')).toBe('transparent');
    expect(normalizeColor('currentColor')).toBe('currentcolor');
    expect(isValidColor('reddish')).toBe(false);
    expect(isValidColor('')).toBe(false);
  });

  // constants and helpers for 000-5.52 (the HTTP behaviour is left to HTTP tests)
  it('refuses other functions and broken syntax', () => {
    for (const bad of ['cmyk(1,2,3,4)', 'rgb(1,2)', 'rgb(1,2,3', 'rgb(a,b,c)', 'hsl(120, 50, 50)', 'rgb(1,2,3);color:red', 'url(x)']) {
      expect(isValidColor(bad)).toBe(false);
    }
  });

  // covers 000-5.53
  it('needs an alpha for rgba', () => {
    expect(parseColor('rgba(1,2,3)')).toBeUndefined();
    expect(parseColor('rgba(1 2 3)')).toBeUndefined();
    expect(parseColor('hsla(1, 2%, 3%)')).toBeUndefined();
  });

  // covers 000-5.54
  it('refuses an alpha on rgb', () => {
    expect(parseColor('rgb(1,2,3,0.5)')).toBeUndefined();
    expect(parseColor('rgb(1 2 3 / 0.5)')).toBeUndefined();
    expect(parseColor('hsl(1, 2%, 3%, 0.5)')).toBeUndefined();
  });

  // covers 000-5.55
  it('clamps channels to 0-255', () => {
    expect(parseColor('rgb(300,-5,0)')).toEqual({ format: 'rgb', r: 255, g: 0, b: 0 });
    expect(parseColor('rgba(256, 255, -0.5, 1)')).toEqual({ format: 'rgba', r: 255, g: 255, b: 0, a: 1 });
  });

  // covers 000-5.56
  it('clamps alpha to 0-1', () => {
    expect(parseColor('rgba(1,2,3,1.5)')).toMatchObject({ a: 1 });
    expect(parseColor('rgba(1,2,3,-1)')).toMatchObject({ a: 0 });
    expect(parseColor('hwb(0 0% 0% / 7)')).toMatchObject({ a: 1 });
  });

  // covers 000-5.55, 000-5.56
  it('keeps every rgba channel in 0-255 and alpha in 0-1 for any numbers', () => {
    const num = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(num, num, num, num, (r, g, b, a) => {
        const color = parseColor(`rgba(${r}, ${g}, ${b}, ${a})`);
        expect(color?.format).toBe('rgba');
        if (color?.format !== 'rgba') return;
        for (const c of [color.r, color.g, color.b]) expect(c >= 0 && c <= 255 && Number.isInteger(c)).toBe(true);
        expect(color.a >= 0 && color.a <= 1).toBe(true);
      }),
    );
  });

  // constants and helpers for 000-5.52 (the HTTP behaviour is left to HTTP tests)
  it('normalises to a form it accepts again unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -50, max: 150 }), fc.integer({ min: -50, max: 150 }), (h, s, l) => {
        const once = normalizeColor(`hsl(${h}, ${s}%, ${l}%)`);
        expect(once).toBeDefined();
        expect(normalizeColor(once as string)).toBe(once);
      }),
    );
  });
});
