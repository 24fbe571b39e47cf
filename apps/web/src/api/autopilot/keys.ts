/** Query keys of a business's autopilot; asking, applying and saving the rules update `all`. */
export const autopilotKeys = {
  all: (businessUuid: string) => ['autopilot', businessUuid] as const,
  /** The latest suggestion, or the latest ready one (`GET …/autopilot/suggestion[?status=ready]`). */
  suggestion: (businessUuid: string, which: 'latest' | 'ready' = 'latest') =>
    ['autopilot', businessUuid, 'suggestion', which] as const,
  /** The owner's rules for applying on its own (`GET …/autopilot/policy`). */
  policy: (businessUuid: string) => ['autopilot', businessUuid, 'policy'] as const,
};
