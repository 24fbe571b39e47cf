import { useQueries } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { shellQueries } from '../shellData';
import { ShellSkeleton } from './ShellSkeleton';

/**
 * Shows the layout once the user and the other shell data (the businesses) have loaded — or failed,
 * in which case each page says so itself — and a skeleton of the layout meanwhile.
 */
export function ShellGate({ children }: { children: ReactNode }) {
  const [queries] = useState(shellQueries);
  const ready = useQueries({
    queries,
    combine: (results) =>
      results.every((result) => result.isError || (result.isSuccess && !result.isPlaceholderData)),
  });
  return ready ? children : <ShellSkeleton />;
}
