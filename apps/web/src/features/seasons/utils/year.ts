import { useSearchParams } from 'react-router';
import { today } from '@/lib/dates';

/** The year the seasons area shows: `?year=` when it is a plausible one, else this year. */
export function useCalendarYear(): number {
  const [params] = useSearchParams();
  const asked = Number(params.get('year'));
  return Number.isInteger(asked) && asked >= 1900 && asked <= 2999
    ? asked
    : Number(today().slice(0, 4));
}
