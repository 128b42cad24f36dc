// A yield to the event loop between slices of work, so input and paint go in between. Chained
// setTimeout(0) is clamped to 4 ms after five levels (HTML timers): a hundred slices would wait
// 0.4 s for nothing. Chromium's scheduler.postTask is not clamped, and at 'user-visible' priority a
// slice queues behind the tasks already waiting (React's render of a keystroke) — unlike
// scheduler.yield, whose continuations go ahead of them. Elsewhere (tests) a timer does.
import { postTask } from '../../sync/post-task.ts';

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!postTask(resolve, 'user-visible')) setTimeout(resolve, 0);
  });
}
