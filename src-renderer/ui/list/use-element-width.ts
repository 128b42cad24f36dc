import { useCallback, useRef, useState } from 'react';

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
    setWidth(measured(element.clientWidth));
    observer.current = new ResizeObserver(([entry]) => {
      // Whole pixels: sub-pixel jitter would re-render the table for nothing.
      if (entry) setWidth(measured(entry.contentRect.width));
    });
    observer.current.observe(element);
  }, []);
  return [ref, width];
}
