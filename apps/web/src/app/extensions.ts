/**
 * Where features plug into the application shell, at module load, before the shell renders (it is
 * loaded with the signed-in layout, `router.tsx`):
 *
 * - `registerShellQuery(options)` (`lib/shellQueries`): data the default layout loads before it is
 *   shown, a skeleton meanwhile (the user — always — and the businesses).
 * - `registerSearchSource(source)` (`components/search/registry`): results of the global search
 *   (Ctrl/⌘-K) beside the pages: businesses, room types, sazonalities…
 *
 * Each feature adds one import line below for a module of its own that registers what it brings.
 */
import '@/layouts/search/pagesSource';
import '@/features/businesses/extensions';
import '@/features/seasons/extensions';
