import { useSyncExternalStore } from 'react';
import { tourSteps } from './steps';

interface TourState {
  /** The step shown, or null when no tour runs. */
  index: number | null;
}

let state: TourState = { index: null };
const listeners = new Set<() => void>();

function set(next: TourState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const tour = {
  start: () => set({ index: 0 }),
  next: () =>
    set({
      index: state.index === null || state.index >= tourSteps.length - 1 ? null : state.index + 1,
    }),
  back: () => set({ index: state.index === null ? null : Math.max(0, state.index - 1) }),
  stop: () => set({ index: null }),
};

export function useTour(): TourState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
