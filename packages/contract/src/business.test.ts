import { describe, expect, it } from 'vitest';
import { ZSazonalityFields } from './business';

const season = {
  name: 'Summer',
  color: '#ff9900',
  startDate: '2026-06-15',
  endDate: '2026-09-15',
  adjustmentType: 'percent',
  value: 20,
};

describe('ZSazonalityFields', () => {
  it.each(['-Infinity', 'NaN', '2026-13-01', ''])(
    'refuses a start date %j as a field issue, without comparing the range',
    (startDate) => {
      const result = ZSazonalityFields.safeParse({ ...season, startDate });
      expect(result.success).toBe(false);
      expect(new Set(result.error!.issues.map((i) => i.path.join('.')))).toEqual(
        new Set(['startDate']),
      );
    },
  );

  it('still refuses a season over 2 years', () => {
    const result = ZSazonalityFields.safeParse({ ...season, endDate: '2028-06-15' });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['endDate']);
  });
});
