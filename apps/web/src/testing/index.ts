/**
 * The web tests' kit, one for every feature: fixtures (`aBusiness`, `aRoomType`, `aSeason`, `json`…),
 * `renderWithBusinesses` (a feature with the businesses store), `stubScreenWidth` (for
 * `useMediaQuery`) and `renderWithProviders` (a piece of
 * the shell). `setup.ts` runs before every test file (vitest.config.ts).
 */
export * from './fixtures';
export { fill, renderWithBusinesses, setupUser } from './render';
export { pricesGrid } from './prices';
export { stubScreenWidth } from './screen';
export { LocationProbe, renderWithProviders, TestProviders } from './providers';
export {
  anAutopilotPolicy,
  anAutopilotSuggestion,
  occupancyGroup,
  summerSeason,
} from './autopilot';
export { aDailyRow, aKpis, aSalesRow, fakeApi, requested, type FakeAnswer } from './analytics';
