import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from './deliver';

describe('nextAttemptAt', () => {
  const first = new Date('2026-03-02T12:00:00Z');
  const at = (minutes: number) => new Date(first.getTime() + minutes * 60_000);

  it('doubles from 1 minute up to 1 hour, and ends 24 hours after the first attempt', () => {
    expect(nextAttemptAt(first, at(0), 1)).toEqual(at(1));
    expect(nextAttemptAt(first, at(1), 2)).toEqual(at(3));
    expect(nextAttemptAt(first, at(31), 6)).toEqual(at(63));
    expect(nextAttemptAt(first, at(63), 7)).toEqual(at(123));
    expect(nextAttemptAt(first, at(123), 8)).toEqual(at(183));
    expect(nextAttemptAt(first, at(1383), 29)).toEqual(at(1440));
    expect(nextAttemptAt(first, at(1440), 30)).toBeNull();
  });
});
