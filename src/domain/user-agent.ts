/**
 * A session's browser and system as a person recognises them ("Firefox on Windows"), read from the
 * User-Agent stored at sign-in. Only names, never versions: the list of sessions needs to tell a
 * person's devices apart, not to identify builds. The order of the tests matters, since browsers
 * name their ancestors too (Edge says Chrome and Safari, Chrome says Safari).
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Vivaldi\//, 'Vivaldi'],
  [/YaBrowser\//, 'Yandex Browser'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

export type UserAgentSummary = { browser: string; system: string };

export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'unknown system';
  return { browser, system };
}
