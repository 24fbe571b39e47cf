import { describe, expect, it } from 'vitest';
import { nightMarks } from './marks';

describe('night marks', () => {
  it('marks a holiday on its night and an event on each of its nights within the range', () => {
    const marks = nightMarks(
      '2026-08-12',
      '2026-08-16',
      [{ date: '2026-08-15', name: 'Assunção de Maria' }],
      [
        { startDate: '2026-08-10', endDate: '2026-08-13', name: 'Feira' },
        { startDate: '2026-08-15', endDate: '2026-08-20', name: 'Festival' },
        { startDate: '2026-09-01', endDate: '2026-09-02', name: 'Later' },
      ],
    );
    expect(Object.fromEntries(marks)).toEqual({
      '2026-08-12': [{ kind: 'event', name: 'Feira' }],
      '2026-08-13': [{ kind: 'event', name: 'Feira' }],
      '2026-08-15': [
        { kind: 'holiday', name: 'Assunção de Maria' },
        { kind: 'event', name: 'Festival' },
      ],
      '2026-08-16': [{ kind: 'event', name: 'Festival' }],
    });
  });
});
