// @ts-check
/**
 * The API's module graph (docs/architecture.md, "The module graph"): which folders of
 * apps/api/src each module may import. Filled in by the architecture step.
 */
export const apiModules = [];
