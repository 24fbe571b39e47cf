import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `ms` milliseconds; a value equal to the current one
 * (by JSON, so a form's freshly built object of the same values counts as the same) changes
 * nothing. For the previews a form asks while the owner types.
 */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same values restarts nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}
