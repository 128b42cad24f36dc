import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * An element's content width, kept current by a ResizeObserver (window resizes, a sidebar that
 * opens). Returns a callback ref for the element and the width, null until it has been measured.
 */
export function useElementWidth<E extends HTMLElement>(): [(element: E | null) => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // A width of 0 is an element not laid out (hidden, or a DOM without layout): unmeasured.
    const measured = (w: number) => (w > 0 ? Math.floor(w) : null);
    let first = true;
    // The first width comes from the observer too, which reports it after the browser's own layout
    // and before the paint: reading clientWidth here forced that layout of the whole new screen
    // inside the commit (~15 ms of one long task as the Links screen mounts). It is applied at
    // once, so the first paint already has the columns that fit.
    observer.current = new ResizeObserver(([entry]) => {
      if (!entry) return;
      // Whole pixels: sub-pixel jitter would re-render the table for nothing.
      const next = measured(entry.contentRect.width);
      if (first) flushSync(() => setWidth(next));
      else setWidth(next);
      first = false;
    });
    observer.current.observe(element);
  }, []);
  return [ref, width];
}
