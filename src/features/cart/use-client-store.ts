// Persisted stores differ between server (empty) and browser (localStorage). Rendering the empty
// value until hydration is done keeps React's hydration check happy; the real value follows at once.
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  return useHydrated() ? value : serverValue;
}
