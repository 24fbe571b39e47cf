export interface Device {
  /** Browser name, or null when the user agent does not say. */
  browser: string | null;
  /** Operating system, or null when the user agent does not say. */
  os: string | null;
  kind: 'phone' | 'tablet' | 'computer';
}

// Order matters: Edge, Opera and Samsung Internet also call themselves Chrome and Safari.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A plain reading of a user agent, enough to tell a person which of their devices a session is. */
export function parseUserAgent(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  const browser = browsers.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = systems.find(([re]) => re.test(ua))?.[1] ?? null;
  const kind = /\biPad\b|\bTablet\b|Android(?!.*\bMobile\b)/.test(ua)
    ? 'tablet'
    : /\bMobile\b|\biPhone\b/.test(ua)
      ? 'phone'
      : 'computer';
  return { browser, os, kind };
}
