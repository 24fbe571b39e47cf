/**
 * The first departure whose guest's name is still kept on `today` (both dates of the business's
 * calendar): `today` less `months`, on the month's last day when it has fewer days (31 March less
 * one month is 28 or 29 February). A stay that departed before it is past the retention period:
 * with 24 months, on 2026-06-15 a stay that left on 2024-06-15 keeps its name, one that left on
 * 2024-06-14 loses it.
 */
export function retentionCutoff(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = index - y * 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(y).padStart(4, '0')}-${pad(m + 1)}-${pad(Math.min(day, lastDay))}`;
}
