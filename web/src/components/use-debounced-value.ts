import { useEffect, useState } from 'react';

/** The spec's list debounce: a list (or a dialog's search) reloads 500 ms after its filters stop changing. */
export const SEARCH_DEBOUNCE_MS = 500;

export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
