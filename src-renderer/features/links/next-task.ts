// A yield to the event loop between slices of work, so input and paint go in between. Chained
// setTimeout(0) is clamped to 4 ms after five levels (HTML timers): a hundred slices would wait
// 0.4 s for nothing. Chromium's scheduler.yield is not clamped; elsewhere (tests) a timer does.
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
