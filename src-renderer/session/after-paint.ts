// Work that must not delay the first frames (decoding the stored index, starting sync) waits for
// the next paint; where no frame comes (a hidden window) it runs after `fallbackMs` anyway.
export function afterPaint(fn: () => void, fallbackMs = 100): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  globalThis.requestAnimationFrame?.(() => setTimeout(run, 0));
  setTimeout(run, fallbackMs);
}
