import { useEffect, useState } from 'react';

/** The spec's list debounce: lists load 500 ms after their filters stop changing. */
export const LIST_DEBOUNCE_MS = 500;

export function useDebounced<T>(value: T, delay: number = LIST_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
