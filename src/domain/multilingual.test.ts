import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, languageListProblem, languageName, MAX_LANGUAGES, normalizeLanguageCode } from './multilingual';

const lang = (code: string, extra: Partial<{ default: boolean; visible: boolean }> = {}) => ({ code, default: false, visible: true, ...extra });

describe('multilingual rules', () => {
  it('normalise the case people type', () => {
    expect(normalizeLanguageCode(' FR-ca ')).toBe('fr-CA');
    expect(normalizeLanguageCode('pt_br')).toBe('pt-BR');
    expect(normalizeLanguageCode('DE')).toBe('de');
    expect(normalizeLanguageCode('zh-Hant-TW')).toBe('zh-Hant-TW');
  });

  it('name known languages and regions only', () => {
    expect(languageName('fr-CA')).toBe('French (Canada)');
    expect(languageName('fil')).toBe('Filipino');
    for (const code of ['zz', 'xx-YY', 'en-ZZ', 'und', 'mul', 'english', 'fr-ca', 'zh-Hant-TW']) expect(languageName(code), code).toBeUndefined();
  });

  it('accept a list with one visible default, unique known codes, at most the maximum', () => {
    expect(languageListProblem([lang('en-US', { default: true }), lang('fr', { visible: false })])).toBeNull();
    expect(languageListProblem([])?.message).toMatch(/at least one language/);
    expect(languageListProblem([lang('en', { default: true }), ...Array.from({ length: MAX_LANGUAGES }, () => lang('fr'))])?.message).toBe(
      'A site can offer at most 20 languages.',
    );
    expect(languageListProblem([lang('en', { default: true }), lang('fr'), lang('fr')])).toEqual({ path: 'languages.2.code', message: 'fr is listed twice.' });
    expect(languageListProblem([lang('en'), lang('fr')])?.path).toBe('languages');
    expect(languageListProblem([lang('en', { default: true }), lang('fr', { default: true })])?.message).toBe('Only one language can be the default.');
    expect(languageListProblem([lang('en', { default: true, visible: false })])?.path).toBe('languages.0.visible');
  });

  it('take API keys of visible characters without spaces', () => {
    expect(API_KEY_PATTERN.test('dpl-secret-4f9a2c7e1b')).toBe(true);
    expect(API_KEY_PATTERN.test('short')).toBe(false);
    expect(API_KEY_PATTERN.test('has a space in it')).toBe(false);
  });
});
