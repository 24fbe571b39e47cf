/**
 * The one source of "now" in the API. Everything that reads the time — sessions and their
 * expiry, rate-limit windows, the job runner, the prices' "today" — asks the app's clock
 * (`app.clock`) or a clock handed to it, never `new Date()` or `Date.now()`, so a test can set
 * the time instead of waiting for it (`buildApp({clock})`).
 */
export type Clock = () => Date;

/** The machine's time. */
export const systemClock: Clock = () => new Date();

/** A clock a test moves by hand: starts at `start`, `advance(ms)` moves it on. */
export function manualClock(start: Date | string): Clock & {
  set(to: Date | string): void;
  advance(ms: number): void;
} {
  let now = new Date(start).getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    set: (to: Date | string) => {
      now = new Date(to).getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  });
}
