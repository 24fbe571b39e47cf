/** Failed attempts in a row, whoever's they were, that pause a destination. */
const FAILURES_TO_PAUSE = 3;
/** The first pause; each further failed attempt doubles it, up to `MAX_PAUSE_MS`. */
const FIRST_PAUSE_MS = 60_000;
const MAX_PAUSE_MS = 30 * 60_000;
/** Destinations remembered at most (the one failing longest ago is forgotten first). */
const REMEMBERED_MAX = 10_000;

/** What the breaker reads of an attempt. */
export interface AttemptSeen {
  /** The receiver's status; null when it did not answer. */
  httpStatus: number | null;
  /** Refused before connecting (our address guard, a bad URL): says nothing of the destination. */
  refused?: boolean;
}

interface DestinationState {
  /** Failed attempts in a row. */
  failures: number;
  /** No attempt before this instant (ms), once `failures` reached the threshold. */
  pausedUntil: number;
  /** After a pause, while one delivery tries it (its probe), the others wait until this (ms). */
  probeUntil: number;
}

/**
 * Where a webhook delivers, as the breaker counts it: its URL's origin (scheme, host and port,
 * lower-cased by the URL parser; no user, path nor query). Null for a URL that does not parse.
 */
export function destinationOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether an attempt shows its destination failing: no answer (a timeout, a refused or reset
 * connection, a host that does not resolve), a 5xx, or 429. Any other answer — 2xx, but also a
 * redirect or a 4xx, which say something of one business's webhook (a wrong path or secret),
 * not of the destination — shows it up.
 */
function verdictOf(attempt: AttemptSeen): 'up' | 'down' | null {
  if (attempt.refused) return null;
  const status = attempt.httpStatus;
  return status === null || status >= 500 || status === 429 ? 'down' : 'up';
}

/**
 * A circuit breaker per destination, in this process (docs/publishing.md, "A destination that
 * keeps failing"): after 3 failed attempts in a row to one destination, whatever the businesses,
 * it is paused for 1 minute, doubling with each further failed attempt up to 30 minutes. When a
 * pause ends, one delivery tries it (the probe) while the others wait for its outcome; a
 * destination that answers is closed again. Times come from the caller (the app's clock).
 */
export function destinationBreaker(options: {
  /** How long the others wait for a probe: longer than one attempt can take. */
  probeMs: number;
}) {
  const states = new Map<string, DestinationState>();

  return {
    /**
     * Until when a delivery to `url` must wait; null when it may go now. After a pause, the first
     * caller gets null and is the probe: the next ones wait for it.
     */
    pausedUntil(url: string, now: Date): Date | null {
      const key = destinationOf(url);
      const state = key === null ? undefined : states.get(key);
      if (!state || state.failures < FAILURES_TO_PAUSE) return null;
      const time = now.getTime();
      if (time < state.pausedUntil) return new Date(state.pausedUntil);
      if (time < state.probeUntil) return new Date(state.probeUntil);
      state.probeUntil = time + options.probeMs;
      return null;
    },

    /** Counts an attempt to `url` that ended at `now`; the pause it starts, if it starts one. */
    record(url: string, attempt: AttemptSeen, now: Date): Date | null {
      const key = destinationOf(url);
      if (key === null) return null;
      const verdict = verdictOf(attempt);
      const state = states.get(key);
      if (verdict === 'up') states.delete(key);
      if (verdict !== 'down') {
        if (state) state.probeUntil = 0;
        return null;
      }
      const next = state ?? { failures: 0, pausedUntil: 0, probeUntil: 0 };
      next.failures++;
      next.probeUntil = 0;
      // Kept in the order of their last failure: the oldest is forgotten first.
      states.delete(key);
      states.set(key, next);
      if (states.size > REMEMBERED_MAX) states.delete(states.keys().next().value!);
      if (next.failures < FAILURES_TO_PAUSE) return null;
      const pauseMs = Math.min(
        MAX_PAUSE_MS,
        FIRST_PAUSE_MS * 2 ** (next.failures - FAILURES_TO_PAUSE),
      );
      next.pausedUntil = now.getTime() + pauseMs;
      return new Date(next.pausedUntil);
    },
  };
}
export type DestinationBreaker = ReturnType<typeof destinationBreaker>;
