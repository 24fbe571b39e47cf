/**
 * The autopilot's suggestion of a property, for the autopilot page and the BI view's card. Import
 * from here (`@/api/autopilot`).
 */
export { autopilotKeys } from './keys';
export {
  isComputing,
  useApplySuggestion,
  useAutopilotSuggestion,
  useRequestSuggestion,
} from './api';
export { upliftText } from './format';
