import type { TAutopilotHoldReason, TAutopilotPolicy } from '@tarifa/contract';

const confidenceRank = { low: 0, medium: 1, high: 2 } as const;

/** What the owner's rules weigh of a ready automatic suggestion, as it stands now. */
export interface AutoFacts {
  confidence: keyof typeof confidenceRank;
  upliftPercent: number;
  /** The configuration moved away from what it was computed from. */
  stale: boolean;
  /** A suggested base price leaves the bounds the owner set. */
  outsideBounds: boolean;
  /** Changes left to make once the owner's bounds are kept. */
  changes: number;
  /** The largest move of a night's price the changes make, in percent (asked last: a preview). */
  largestMovePercent: () => Promise<number>;
}

/**
 * The first of the owner's rules that holds an automatic suggestion back, or null when it may be
 * applied: as sure as asked, a gain expected, computed from the settings as they are, every base
 * price within the owner's bounds, something left to change, no night moved by more than allowed.
 */
export async function heldBy(
  policy: Pick<TAutopilotPolicy, 'minConfidence' | 'maxMovePercent'>,
  facts: AutoFacts,
): Promise<TAutopilotHoldReason | null> {
  if (confidenceRank[facts.confidence] < confidenceRank[policy.minConfidence]) {
    return 'low_confidence';
  }
  if (facts.upliftPercent <= 0 || facts.changes === 0) return 'no_gain';
  if (facts.stale) return 'settings_changed';
  if (facts.outsideBounds) return 'outside_bounds';
  const largest = Math.abs(await facts.largestMovePercent());
  return largest > policy.maxMovePercent ? 'move_too_large' : null;
}
