import type { TAutopilotChange, TSazonality, TTariffConfiguration } from '@tarifa/contract';

/** A room type's price or bound that moves. */
interface PriceMove {
  field: 'basePrice' | 'minPrice' | 'maxPrice';
  before: number;
  after: number;
}

/** An occupancy step before and after, by its threshold; null: no step there. */
interface StepMove {
  from: number;
  before: number | null;
  after: number | null;
}

/** What a suggestion changes, one row per thing the owner knows by name, before → after. */
export type ChangeRow =
  | { kind: 'room'; name: string; moves: PriceMove[] }
  | {
      kind: 'season';
      name: string;
      before: Pick<TSazonality, 'adjustmentType' | 'value'>;
      after: number;
    }
  | { kind: 'occupancy'; name: string; isNew: boolean; steps: StepMove[] }
  | { kind: 'leadTime'; before: LeadTimeRule[]; after: LeadTimeRule[] };

type LeadTimeRule = TTariffConfiguration['settings']['leadTimeRules'][number];

const priceFields = ['basePrice', 'minPrice', 'maxPrice'] as const;

type Level = TTariffConfiguration['fluctuationLevels'][number]['levels'][number];

/** Occupancy steps matched by threshold, ascending; those that do not move are left out. */
function stepMoves(before: Level[], after: Level[]): StepMove[] {
  const moves = new Map<number, StepMove>();
  for (const level of before) {
    moves.set(level.occupancyFrom, {
      from: level.occupancyFrom,
      before: level.adjustmentPercent,
      after: null,
    });
  }
  for (const level of after) {
    const found = moves.get(level.occupancyFrom);
    if (found) found.after = level.adjustmentPercent;
    else {
      moves.set(level.occupancyFrom, {
        from: level.occupancyFrom,
        before: null,
        after: level.adjustmentPercent,
      });
    }
  }
  return [...moves.values()]
    .filter((move) => move.before !== move.after)
    .sort((a, b) => a.from - b.from);
}

/**
 * The changes of a suggestion against the configuration as it is: each room type whose prices or
 * bounds move (only those), each season's adjustment, each group's occupancy steps that move (by
 * threshold), and the lead-time rules now and suggested.
 */
export function readableChanges(
  config: TTariffConfiguration,
  changes: TAutopilotChange[],
): ChangeRow[] {
  return changes.flatMap((change): ChangeRow[] => {
    switch (change.kind) {
      case 'roomsTariff':
        return change.roomsTariff.flatMap((room) => {
          const before = config.roomsTariff.find((r) => r.uuid === room.uuid);
          if (!before) return [];
          const moves = priceFields
            .filter((field) => before[field] !== room[field])
            .map((field) => ({ field, before: before[field], after: room[field] }));
          return moves.length ? [{ kind: 'room', name: room.name, moves }] : [];
        });
      case 'sazonality': {
        const before = config.sazonalities.find((s) => s.id === change.id);
        return before
          ? [{ kind: 'season', name: before.name, before, after: change.sazonality.value }]
          : [];
      }
      case 'fluctuationLevel': {
        const before = config.fluctuationLevels.find((g) => g.uuid === change.groupUuid);
        const steps = stepMoves(before?.levels ?? [], change.fluctuationLevel.levels);
        return [{ kind: 'occupancy', name: change.fluctuationLevel.name, isNew: !before, steps }];
      }
      case 'settings': {
        // The rules' ranges move too: the two lists are read side by side, not matched.
        const byDays = (a: LeadTimeRule, b: LeadTimeRule) => a.fromDays - b.fromDays;
        return [
          {
            kind: 'leadTime',
            before: [...config.settings.leadTimeRules].sort(byDays),
            after: [...change.settings.leadTimeRules].sort(byDays),
          },
        ];
      }
    }
  });
}
