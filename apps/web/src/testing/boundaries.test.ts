import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint zones of eslint.config.js, run on sources that exist only in this test. */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the web lint zones', { timeout: 60_000 }, () => {
  it('refuse a feature importing another feature, by alias or by a relative path', async () => {
    const file = 'apps/web/src/features/seasons/components/Probe.ts';
    expect(
      await boundaryErrors(
        file,
        "export { useCreateBusiness } from '@/features/businesses/api';\n",
      ),
    ).toEqual([expect.stringContaining('features/seasons must not import another feature')]);
    expect(
      await boundaryErrors(
        file,
        "export { useBusiness } from '../../bookings/hooks/useBusiness';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(file, "export { paths } from '../../../features/bookings/paths';\n"),
    ).toHaveLength(1);
  });

  it('let a feature import its own files, lib/, api/ and components/', async () => {
    const file = 'apps/web/src/features/seasons/components/Probe.ts';
    const source = [
      "export { seasonsPath } from '../paths';",
      "export { seasonsPath as again } from '@/features/seasons/paths';",
      "export { useSelectedBusiness } from '@/api/business';",
      "export { BusinessErrorAlert } from '@/components/BusinessErrorAlert';",
      '',
    ].join('\n');
    expect(await boundaryErrors(file, source)).toEqual([]);
  });

  it('refuse a feature importing layouts/ or app/, by alias or by a relative path', async () => {
    const file = 'apps/web/src/features/seasons/pages/Probe.ts';
    expect(
      await boundaryErrors(file, "export { shellQueries } from '@/layouts/shellData';\n"),
    ).toEqual([expect.stringContaining('features/seasons must not import layouts/ or app/')]);
    expect(
      await boundaryErrors(file, "export type { RouteMeta } from '@/app/routes';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(file, "export { navigation } from '../../../layouts/navigation';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(file, "export { App } from '../../../app/App';\n")).toHaveLength(1);
  });

  it('refuse api/ importing a feature, components/, layouts/ or app/', async () => {
    for (const file of ['apps/web/src/api/prices/probe.ts', 'apps/web/src/api/probe.ts']) {
      for (const source of [
        "export { bookingsPath } from '@/features/bookings/paths';\n",
        "export { DataTable } from '@/components/DataTable';\n",
        "export { shellQueries } from '@/layouts/shellData';\n",
        "export { queryClient } from '@/app/queryClient';\n",
      ]) {
        expect(await boundaryErrors(file, source)).toEqual([
          expect.stringContaining('api/ holds the server state'),
        ]);
      }
    }
    expect(
      await boundaryErrors(
        'apps/web/src/api/prices/probe.ts',
        "export { DataTable } from '../../components/DataTable';\n",
      ),
    ).toHaveLength(1);
  });

  it('let api/ import lib/, packages and itself', async () => {
    const source = [
      "export { api } from '@/lib/api';",
      "export { businessPath } from '@/api/business';",
      "export { priceKeys } from '../prices';",
      "export { planHas } from '@tarifa/contract';",
      '',
    ].join('\n');
    expect(await boundaryErrors('apps/web/src/api/market/probe.ts', source)).toEqual([]);
  });

  it('refuse lib/ importing api/, a component or a feature, and let it import lib/', async () => {
    for (const source of [
      "export { priceKeys } from '@/api/prices';\n",
      "export { priceKeys } from '../../api/prices';\n",
      "export { DataTable } from '@/components/DataTable';\n",
    ]) {
      expect(await boundaryErrors('apps/web/src/lib/forms/probe.ts', source)).toEqual([
        expect.stringContaining('lib/ holds generic helpers'),
      ]);
    }
    expect(
      await boundaryErrors('apps/web/src/lib/forms/probe.ts', "export { api } from '../api';\n"),
    ).toEqual([]);
  });

  it('refuse lib/, components/ and testing/ importing a feature', async () => {
    for (const file of [
      'apps/web/src/lib/forms/probe.ts',
      'apps/web/src/components/Probe.ts',
      'apps/web/src/testing/probe.ts',
    ]) {
      expect(
        await boundaryErrors(file, "export { bookingsPath } from '@/features/bookings/paths';\n"),
      ).toHaveLength(1);
    }
  });
});
