import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts `children` in a deferred render, which React splits into short slices so input and
 * paint go between them; `fallback` stands in until then (the next frame or two). For parts whose
 * first mount is one long task (react-aria's select builds its collection and, the first time,
 * compiles its code: ~50 ms in the render that opens a workspace). Once mounted, they stay.
 */
export function DeferredMount({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useDeferredValue(true, false) ? children : fallback;
}
