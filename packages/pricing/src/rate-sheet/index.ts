export * from './types';
export { inDerivationOrder, ratePlanProblems, rateSheetRuleProblems } from './problems';
export { compileRateSheet, RateSheetError } from './sheet';
