import { drawSeason, type SeasonDraw } from './draw';
import { runSeason, type PolicyFactory } from './run';
import { nightSeasons, priceScaleOf, type Scenario } from './scenario';

/**
 * One price per room type per season, whatever sells: `pricesBySeason[s][r]`, s indexing
 * `scenario.seasons` and s = seasons.length the nights outside every season.
 */
export function fixedPolicy(pricesBySeason: readonly (readonly number[])[]): PolicyFactory {
  return (scenario) => {
    const seasons = nightSeasons(scenario);
    const prices = scenario.roomTypes.map((_, r) =>
      Float64Array.from(seasons, (s) => {
        const price = pricesBySeason[s]?.[r];
        if (price === undefined) throw new RangeError(`No fixed price for season ${s}, room ${r}`);
        return price;
      }),
    );
    return { name: 'fixed price per season', post: () => prices };
  };
}

/** Prices per season and room type, geometric from 0.3× to 3× the season's price scale. */
const GRID = 40;
const LOWEST = 0.3;
const HIGHEST = 3;
/** The first pass tries every third grid price, then the grid prices around the best. */
const COARSE = 3;
/** Later passes try the grid prices this many steps either side of the current one. */
const NEAR = 2;
/** Passes over every season × room type at most; they stop as soon as one changes nothing. */
const PASSES = 6;

/**
 * The fixed prices that would have earned most on the draws of `trainingSeeds`: an owner with a
 * good spreadsheet, who knows the demand of each season but not of each night. Coordinate
 * ascent on a grid of 40 prices: one season × room type at a time takes the grid price with the
 * highest mean revenue over the draws, the others held, until a pass changes nothing. The first
 * pass looks at every third price of the whole grid and then at the prices beside the best;
 * later passes (the others' prices moved a little) at the prices near the current one. Room
 * types share no rooms and no guests, so each is trained on its own requests alone (what another
 * earns cannot change); a stay across a season's edge ties the seasons of one room type
 * together, which is why they take turns. Starts from each season's price scale.
 */
export function bestFixedPrices(scenario: Scenario, trainingSeeds: readonly number[]): number[][] {
  if (trainingSeeds.length === 0) throw new RangeError('No training seeds');
  const draws = trainingSeeds.map((seed) => drawSeason(scenario, seed));
  const buckets = scenario.seasons.length + 1;
  const used = new Set(nightSeasons(scenario));
  const grids = Array.from({ length: buckets }, (_, s) =>
    scenario.roomTypes.map((_, r) =>
      Array.from(
        { length: GRID },
        (_, i) => priceScaleOf(scenario, s, r) * LOWEST * (HIGHEST / LOWEST) ** (i / (GRID - 1)),
      ),
    ),
  );
  // Indices into the grids; the start is the grid price nearest the price scale.
  const start = Math.round(((GRID - 1) * Math.log(1 / LOWEST)) / Math.log(HIGHEST / LOWEST));
  const chosen = grids.map((byRoom) => byRoom.map(() => start));
  const pricesOf = () => chosen.map((byRoom, s) => byRoom.map((i, r) => grids[s]![r]![i]!));
  scenario.roomTypes.forEach((_, r) => {
    const own: SeasonDraw[] = draws.map((draw) => ({
      levels: draw.levels,
      requests: draw.requests.filter((q) => q.roomType === r),
    }));
    // What room type r earns over the draws with season s at grid price i, the others held.
    const earned = (s: number, i: number) => {
      const kept = chosen[s]![r]!;
      chosen[s]![r] = i;
      const policy = fixedPolicy(pricesOf())(scenario, own[0]!);
      chosen[s]![r] = kept;
      return own.reduce((sum, draw) => sum + runSeason(scenario, draw, policy).revenue, 0);
    };
    for (let pass = 0; pass < PASSES; pass += 1) {
      let changed = false;
      for (let s = 0; s < buckets; s += 1) {
        if (!used.has(s)) continue;
        // The grid prices tried for this season and room type in this pass, and their revenue.
        const tried = new Map<number, number>();
        const best = (indices: number[]) => {
          for (const i of indices) if (!tried.has(i)) tried.set(i, earned(s, i));
          let top = chosen[s]![r]!;
          for (const [i, revenue] of tried) if (revenue > tried.get(top)!) top = i;
          return top;
        };
        const kept = chosen[s]![r]!;
        tried.set(kept, earned(s, kept));
        let top: number;
        if (pass === 0) {
          top = best(Array.from({ length: Math.ceil(GRID / COARSE) }, (_, k) => k * COARSE));
          top = best(around(top, COARSE - 1));
        } else top = best(around(kept, NEAR));
        chosen[s]![r] = top;
        changed ||= top !== kept;
      }
      if (!changed) break;
    }
  });
  return pricesOf();
}

/** The grid indices up to `steps` either side of i. */
function around(i: number, steps: number): number[] {
  const indices: number[] = [];
  for (let j = Math.max(0, i - steps); j <= Math.min(GRID - 1, i + steps); j += 1) indices.push(j);
  return indices;
}
