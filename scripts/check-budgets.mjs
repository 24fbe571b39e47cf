// The web app's bundle budgets, checked on the build (`npm run test:e2e` runs it after building):
// - the JavaScript the sign-in page needs before its form shows (the entry and its static imports,
//   the login page's chunk with its own, and the guest half of the largest language's strings) is
//   at most 200 KB gzip, with no data grid, ECharts, date pickers or icon set;
// - every page's own chunk is at most 250 KB gzip;
// - ECharts, the data grid and the date pickers are loaded only by the pages declared to use them.
// It reads the build's manifest (which chunk imports which) and each chunk's source map (which
// packages a chunk holds), so it measures what the browser is sent, not a guess: the browser loads
// a chunk's static imports before running it, and nothing else until the page asks (`import()`).
// A page that starts using one of the heavy packages is added to its `pages` below.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.WEB_DIST || 'apps/web/dist');
const KB = 1024;
const BUDGETS = { signIn: 200 * KB, page: 250 * KB };

/** Heavy packages, and the pages allowed to load each (source paths under apps/web/src). */
const HEAVY = {
  ECharts: {
    packages: ['node_modules/echarts/', 'node_modules/zrender/'],
    pages: [
      'features/dashboard/pages/DashboardPage.tsx',
      'features/analytics/pages/AnalyticsPage.tsx',
      'features/admin/pages/AdminOverviewPage.tsx',
      'features/price-calendar/pages/PriceCalendarPage.tsx',
      // The market chart (median band against the price, per room type).
      'features/market/pages/MarketPage.tsx',
    ],
  },
  'data grid': {
    packages: ['node_modules/@mui/x-data-grid/'],
    pages: [
      'features/admin/pages/AdminPropertiesPage.tsx',
      'features/admin/pages/AdminTokensPage.tsx',
      'features/admin/pages/AdminUsersPage.tsx',
      'features/bookings/pages/BookingsPage.tsx',
      'features/docs/pages/IconsPage.tsx',
      'features/price-changes/pages/PriceChangesPage.tsx',
      'features/seasons/pages/SazonalitiesPage.tsx',
    ],
  },
  'date pickers': {
    packages: ['node_modules/@mui/x-date-pickers/'],
    pages: [
      'features/admin/pages/AdminOverviewPage.tsx',
      'features/analytics/pages/AnalyticsPage.tsx',
      // The audit trail's date-range filter (the one DateRangeFilter).
      'features/audit/pages/PropertyAuditPage.tsx',
      'features/bookings/pages/BookingsPage.tsx',
      // Check-in and check-out typed on the language's clock (TimeInput).
      'features/businesses/pages/MyPropertyPage.tsx',
      'features/price-changes/pages/PriceChangesPage.tsx',
      // The portfolio's period (the one DateRangeFilter).
      'features/portfolio/pages/PortfolioPage.tsx',
      'features/seasons/pages/SazonalityEditPage.tsx',
      // The holidays-and-events section's event dialog picks its dates.
      'features/seasons/pages/SazonalitiesPage.tsx',
    ],
  },
};
/** More icons than this in the sign-in page's scripts means the whole set was pulled in. */
const MAX_SIGN_IN_ICONS = 40;

const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(
    `✖ No build manifest at ${path.relative(root, manifestFile)}: build the web app first.`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipSize = (file) => {
  const full = path.join(dist, file);
  return fs.existsSync(`${full}.gz`)
    ? fs.statSync(`${full}.gz`).size
    : zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
};
const sources = new Map();
/** The source files a chunk holds (from its source map), read once. */
const sourcesOf = (file) => {
  if (!sources.has(file)) {
    const map = path.join(dist, `${file}.map`);
    sources.set(file, fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, 'utf8')).sources : []);
  }
  return sources.get(file);
};
/** A manifest entry and every chunk it imports statically (what loads with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}
const scripts = (keys) =>
  [...keys].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'));
const heavyIn = (files) =>
  Object.keys(HEAVY).filter((name) =>
    files.some((file) =>
      sourcesOf(file).some((source) => HEAVY[name].packages.some((p) => source.includes(p))),
    ),
  );
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const failures = [];
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const pages = Object.keys(manifest).filter((key) => /\/pages\/[^/]+\.tsx$/.test(key));
const pageKey = (page) => pages.find((key) => key.endsWith(page));

// 1. The sign-in page: its scripts, and the guest half of the strings of the default language
//    (`defaultLocale` of the contract: what a first visit loads). Other languages are printed.
const loginKey = pageKey('features/auth/pages/LoginPage.tsx');
const guestKeys = Object.keys(manifest).filter((key) => /\/locales\/[\w-]+\/guest\.ts$/.test(key));
const defaultGuest = guestKeys.find((key) => key.includes('/locales/pt/'));
if (!entry || !loginKey || !defaultGuest) {
  console.error('✖ The build has no entry, login page or guest translations: is it the web app?');
  process.exit(1);
}
const signIn = [
  ...scripts(new Set([...closure(entry), ...closure(loginKey)])),
  manifest[defaultGuest].file,
];
const signInBytes = signIn.reduce((sum, file) => sum + gzipSize(file), 0);
const signInIcons = signIn
  .flatMap(sourcesOf)
  .filter((source) => source.includes('node_modules/@mui/icons-material/')).length;
console.log(
  `/login: ${signIn.length} scripts, ${kb(signInBytes)} gzip (budget ${kb(BUDGETS.signIn)}), ${signInIcons} icons`,
);
const rtl = Object.keys(manifest).find((key) => key.endsWith('/theme/rtlCache.ts'));
console.log(
  `  strings (guest half): ${guestKeys
    .map((key) => `${/locales\/([\w-]+)\//.exec(key)[1]} ${kb(gzipSize(manifest[key].file))}`)
    .join(
      ', ',
    )}${rtl ? `; right-to-left styles (Arabic) ${kb(gzipSize(manifest[rtl].file))}` : ''}`,
);
if (signInBytes > BUDGETS.signIn)
  failures.push(`/login needs ${kb(signInBytes)} of gzip JavaScript`);
for (const name of heavyIn(signIn)) failures.push(`/login loads the ${name}`);
if (signInIcons > MAX_SIGN_IN_ICONS) failures.push(`/login loads ${signInIcons} icons`);

// 2. Every page's own chunk, and the heavy packages it loads with it.
// "With imports": what the page loads beyond the entry's scripts, when it is opened.
console.log('\n     page  with imports  (gzip) · heavy packages loaded with it');
const entryScripts = new Set(scripts(closure(entry)));
for (const key of pages.sort()) {
  const own = gzipSize(manifest[key].file);
  const page = key.replace(/^src\//, '');
  const loaded = scripts(closure(key));
  const withImports = loaded
    .filter((file) => !entryScripts.has(file))
    .reduce((sum, file) => sum + gzipSize(file), 0);
  const heavy = heavyIn(loaded);
  console.log(
    `  ${kb(own).padStart(9)}  ${kb(withImports).padStart(10)}  ${page}${heavy.length ? `  · ${heavy.join(', ')}` : ''}`,
  );
  if (own > BUDGETS.page) failures.push(`${page}: its chunk is ${kb(own)} gzip`);
  for (const name of heavy) {
    if (!HEAVY[name].pages.includes(page)) {
      failures.push(
        `${page} loads the ${name} (if it draws it, add it to HEAVY['${name}'].pages; if not, ` +
          'something it imports brings it)',
      );
    }
  }
}

if (failures.length) {
  console.error(`\n✖ Bundle budgets exceeded:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\n✓ Bundle budgets met.');
