import { useSyncExternalStore } from 'react';

/** A short message at the bottom of the screen, already translated. */
interface Snack {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  /** One button beside the message, e.g. "Reload". */
  action?: { label: string; onClick: () => void };
}

let queue: Snack[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

/**
 * Shows a message in the snackbar (`<SnackbarHost />`, in the default layout). Messages queue up
 * and show one at a time; an error stays until it is closed, the others hide after a few seconds.
 *
 * ```ts
 * showSnackbar({ message: t('property:saved'), severity: 'success' });
 * ```
 */
export function showSnackbar(snack: Omit<Snack, 'id'>): number {
  const id = nextId++;
  queue = [...queue, { ...snack, id }];
  emit();
  return id;
}

export function dismissSnackbar(id: number): void {
  queue = queue.filter((snack) => snack.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message to show now (the oldest in the queue), if any. */
export function useCurrentSnack(): Snack | undefined {
  return useSyncExternalStore(subscribe, () => queue[0]);
}

/** Drops every message (tests start from an empty queue). */
export function clearSnackbars(): void {
  queue = [];
  emit();
}
