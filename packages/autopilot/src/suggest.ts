import { applyProposal } from './apply';
import { withinStep } from './caution';
import { expectedEffect } from './effect';
import { fitDemand } from './estimate';
import { observe } from './observations';
import { propose, typicalNight } from './propose';
import type { AutopilotHistory, SeasonEstimate, Suggestion } from './types';

/**
 * The autopilot: from a business's history, what guests do at a price and the settings that
 * would earn the most from it, or — when the history cannot tell — a plain "not sure" and why.
 * Pure and deterministic: the same history gives the same answer.
 */

/** Bookings the estimate needs at least, and nights with a booking. */
const MIN_BOOKINGS = 150;
const MIN_BOOKED_NIGHTS = 60;
/** Below this share of booked nights whose price moved during their window, price says nothing. */
const MIN_VARIED = 0.05;
const Z90 = 1.645;

export function suggestSettings(history: AutopilotHistory): Suggestion {
  const observations = observe(history);
  const { bookings, nights } = observations;
  const bookedNights = new Set(observations.groups.filter((g) => g.booked > 0).map((g) => g.night))
    .size;
  if (bookings < MIN_BOOKINGS || bookedNights < MIN_BOOKED_NIGHTS) {
    return { status: 'unsure', reason: 'too_few_bookings', bookings, nights };
  }
  const fit = fitDemand(observations);
  if (fit.varied < MIN_VARIED) {
    return { status: 'unsure', reason: 'prices_never_varied', bookings, nights };
  }
  if (!(fit.pooled - Z90 * fit.pooledError > 0)) {
    return { status: 'unsure', reason: 'no_price_response', bookings, nights };
  }
  const proposal = withinStep(history.config, propose(history.config, observations, fit));
  const suggested = applyProposal(history.config, proposal);
  const expected = expectedEffect(history.config, suggested, observations, fit, history.today);
  const relativeError = Math.max(
    ...observations.seasons.map((_, k) => fit.sensitivityError[k]! / fit.sensitivity[k]!),
  );
  const [low] = expected.upliftInterval;
  const confidence =
    low > 0 && relativeError < 0.15 ? 'high' : low > -1 || relativeError < 0.3 ? 'medium' : 'low';
  return {
    status: 'ready',
    confidence,
    bookings,
    nights,
    seasons: seasonEstimates(observations, fit),
    proposal,
    expected,
  };
}

function seasonEstimates(
  observations: ReturnType<typeof observe>,
  fit: ReturnType<typeof fitDemand>,
): SeasonEstimate[] {
  const loss = (beta: number, price: number) => 1 - Math.exp(-beta * 0.1 * price);
  return observations.seasons.flatMap((season, k) => {
    const nights = observations.seasonNights[k]!;
    if (nights === 0) return [];
    const groups = observations.groups.filter((g) => g.season === k);
    const booked = groups.reduce((sum, g) => sum + g.booked, 0);
    const beta = fit.sensitivity[k]!;
    // Each room type's typical price: the mean price on offer on the season's cells (relative).
    const typical = observations.rooms.map((_, r) => {
      let sum = 0;
      let count = 0;
      for (const g of groups) {
        if (g.room !== r) continue;
        for (let c = g.from; c < g.to; c += 1) {
          sum += observations.price[c]!;
          count += 1;
        }
      }
      return count > 0 ? sum / count : 1;
    });
    // Guests asking a night who would take a room at those prices (rooms permitting).
    let requests = 0;
    observations.rooms.forEach((_, r) => {
      requests += typicalNight(observations, fit, k, r).demand * Math.exp(-beta * typical[r]!);
    });
    const relative = typical[0]!;
    const error = fit.sensitivityError[k]!;
    return [
      {
        seasonId: season.id,
        name: season.name,
        nights,
        bookings: Math.round(booked),
        requestsPerNight: Math.round(requests * 10) / 10,
        lossPerTenPercent: round3(loss(beta, relative)),
        lossInterval: [
          round3(loss(Math.max(beta - Z90 * error, 0), relative)),
          round3(loss(beta + Z90 * error, relative)),
        ],
        typicalPrice: Math.round(relative * observations.rooms[0]!.reference),
      },
    ];
  });
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
