/**
 * The autopilot's suggestion of a property and the owner's rules for applying on its own, for the
 * autopilot page and the BI view's card. Import from here (`@/api/autopilot`).
 */
export { autopilotKeys } from './keys';
export {
  isComputing,
  isVersionConflict,
  useApplySuggestion,
  useAutopilotPolicy,
  useAutopilotSuggestion,
  useRequestSuggestion,
  useSaveAutopilotPolicy,
} from './api';
export { upliftText } from './format';
