export * from './types';
export { inDerivationOrder, ratePlanProblems, rateSheetRuleProblems } from './problems';
export { compileRateSheet, RateSheetError, sells } from './sheet';
