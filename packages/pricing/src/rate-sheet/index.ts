export * from './types';
export { ratePlanProblems, rateSheetRuleProblems } from './problems';
export { compileRateSheet, RateSheetError } from './sheet';
