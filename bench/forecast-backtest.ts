// The forecast's back-test on replayed history (docs/forecast.md): the demo hotel's two years of
// bookings seeded into an in-memory PGlite as of a fixed day; then, for each month of the year
// before it, the month's nights forecast as of one month before its first night — with only the
// bookings and cancellations known on that day — and compared with what they sold, next to the
// seasonal-naive baseline (the same night 364 days earlier). Everything goes through the API's
// own forecast path (`core/forecast.ts`: the SQL and the model). Deterministic: the same day gives
// the same table.
//
//   node --import tsx bench/forecast-backtest.ts [YYYY-MM-DD]   (default 2026-01-15)
import {
  addDays,
  dayNumber,
  forecastErrors,
  fromDayNumber,
  type ForecastOutcome,
} from '@tarifa/pricing';
import { businessForecast } from '../apps/api/src/core/forecast';
import { jobRunner } from '../apps/api/src/core/jobs';
import { reachBusiness, systemCaller } from '../apps/api/src/core/tenancy';
import { openDatabase } from '../apps/api/src/db/client';
import { seedDemoIfEmpty } from '../apps/api/src/modules/demo/seed';

const today = process.argv[2] ?? '2026-01-15';
const now = new Date(`${today}T12:00:00Z`);

/** Low, shoulder and peak months of a Lisbon city hotel (the demo's demand by month). */
const seasonOf = (month: number) =>
  month >= 6 && month <= 8 ? 'peak' : month <= 2 || month >= 11 ? 'low' : 'shoulder';

const firstOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
const signed = (value: number | null) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;

const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
try {
  await database.migrate();
  const started = performance.now();
  // The seed's outbox events are queued for a dispatch that this script never runs.
  const log = { info() {}, warn() {}, error() {}, child: () => log } as never;
  const jobs = jobRunner({ database, log, clock: () => now });
  const seeded = await seedDemoIfEmpty({ db: database.db, jobs }, now);
  if (!seeded) throw new Error('the database was not empty');
  const business = await reachBusiness(database.db, systemCaller(), seeded.businessUuid);
  const seededMs = performance.now() - started;

  // The months of the year before `today` whose nights and last year's nights all have history.
  const [year, month] = today.split('-').map(Number) as [number, number];
  const months: { first: string; last: string; season: string }[] = [];
  for (let k = 11; k >= 1; k -= 1) {
    const first = firstOfMonth(year, month - k);
    const last = addDays(firstOfMonth(year, month - k + 1), -1);
    months.push({ first, last, season: seasonOf(Number(first.slice(5, 7))) });
  }

  // What every night sold (and sold 364 days earlier): the forecast as of today answers a past
  // night with what it sold.
  const soldFrom = addDays(months[0]!.first, -364);
  const sold = await businessForecast(database.db, business, {
    asOf: today,
    from: soldFrom,
    to: months[months.length - 1]!.last,
  });
  const soldOn = (date: string) => sold.nights[dayNumber(date) - dayNumber(soldFrom)]!.forecast;

  const rows: string[] = [];
  const model: ForecastOutcome[] = [];
  const baseline: ForecastOutcome[] = [];
  const bySeason = new Map<string, { model: ForecastOutcome[]; baseline: ForecastOutcome[] }>();
  for (const { first, last, season } of months) {
    const asOf = firstOfMonth(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1);
    const answer = await businessForecast(database.db, business, { asOf, from: first, to: last });
    const ours = answer.nights.map((night) => ({
      forecast: night.forecast,
      actual: soldOn(night.date),
    }));
    const theirs = answer.nights.map((night) => ({
      forecast: soldOn(fromDayNumber(dayNumber(night.date) - 364)),
      actual: soldOn(night.date),
    }));
    const inBand = answer.nights.filter((night) => {
      const actual = soldOn(night.date);
      return night.low <= actual && actual <= night.high;
    }).length;
    const occupancy =
      ours.reduce((sum, o) => sum + o.actual, 0) / (answer.roomsAvailable * ours.length);
    const m = forecastErrors(ours);
    const b = forecastErrors(theirs);
    rows.push(
      `| ${first.slice(0, 7)} | ${season} | ${asOf} | ${percent(occupancy)} | ${percent(m.mape)} | ${signed(m.bias)} | ${percent(b.mape)} | ${signed(b.bias)} | ${percent(inBand / answer.nights.length)} |`,
    );
    model.push(...ours);
    baseline.push(...theirs);
    const group = bySeason.get(season) ?? { model: [], baseline: [] };
    group.model.push(...ours);
    group.baseline.push(...theirs);
    bySeason.set(season, group);
  }

  const total = (label: string, ours: ForecastOutcome[], theirs: ForecastOutcome[]) => {
    const m = forecastErrors(ours);
    const b = forecastErrors(theirs);
    return `| **${label}** | | | | **${percent(m.mape)}** | ${signed(m.bias)} | **${percent(b.mape)}** | ${signed(b.bias)} | |`;
  };

  const timed = performance.now();
  const year365 = await businessForecast(
    database.db,
    business,
    { asOf: today, from: today, to: addDays(today, 364) },
    { accuracy: true },
  );
  const yearMs = performance.now() - timed;

  console.log(
    `Demo hotel seeded as of ${today}: ${seeded.bookings} bookings, ${year365.roomsAvailable} rooms (${(seededMs / 1000).toFixed(1)} s).\n`,
  );
  console.log(
    '| Month | Season | As of | Occupancy | Model MAPE | Model bias | Baseline MAPE | Baseline bias | In band |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  for (const [season, group] of bySeason) console.log(total(season, group.model, group.baseline));
  console.log(total('all months', model, baseline));

  const ours = forecastErrors(model);
  const theirs = forecastErrors(baseline);
  const { accuracy } = year365;
  console.log(
    `\nGET …/analytics/forecast as of ${today} (365 nights): accuracy ${JSON.stringify(accuracy)}; ${yearMs.toFixed(0)} ms in core/forecast.ts on PGlite.`,
  );
  const beats = ours.mape !== null && theirs.mape !== null && ours.mape < theirs.mape;
  console.log(
    beats
      ? `The model beats the seasonal-naive baseline: MAPE ${percent(ours.mape)} against ${percent(theirs.mape)}.`
      : `The model does NOT beat the seasonal-naive baseline: MAPE ${percent(ours.mape)} against ${percent(theirs.mape)}.`,
  );
  if (!beats) process.exitCode = 1;
} finally {
  await database.close();
}
