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

  it('let a feature import its own files, lib/ and components/', async () => {
    const file = 'apps/web/src/features/seasons/components/Probe.ts';
    const source = [
      "export { seasonsPath } from '../paths';",
      "export { seasonsPath as again } from '@/features/seasons/paths';",
      "export { useSelectedBusiness } from '@/lib/business';",
      "export { BusinessErrorAlert } from '@/components/BusinessErrorAlert';",
      '',
    ].join('\n');
    expect(await boundaryErrors(file, source)).toEqual([]);
  });

  it('refuse lib/, components/ and testing/ importing a feature', async () => {
    for (const file of [
      'apps/web/src/lib/business/probe.ts',
      'apps/web/src/components/Probe.ts',
      'apps/web/src/testing/probe.ts',
    ]) {
      expect(
        await boundaryErrors(file, "export { bookingsPath } from '@/features/bookings/paths';\n"),
      ).toHaveLength(1);
    }
  });
});
