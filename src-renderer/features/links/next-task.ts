// A yield to the event loop between slices of work, so input and paint go in between. Chained
// setTimeout(0) is clamped to 4 ms after five levels (HTML timers): a hundred slices would wait
// 0.4 s for nothing. Chromium's scheduler.postTask is not clamped, and at 'user-visible' priority a
// slice queues behind the tasks already waiting (React's render of a keystroke) — unlike
// scheduler.yield, whose continuations go ahead of them. Elsewhere (tests) a timer does.
interface TaskScheduler {
  postTask?: (task: () => void, options: { priority: 'user-visible' }) => Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => undefined, { priority: 'user-visible' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}
