// The window's prioritised task queue (Chromium's scheduler.postTask): the one place that reaches
// it. Under Node (tests) there is none, and each caller says what it does instead.

export type TaskPriority = 'user-blocking' | 'user-visible' | 'background';

interface TaskScheduler {
  postTask?: (task: () => void, options: { priority: TaskPriority }) => Promise<void>;
}

/** Queues `task` at `priority`; false (nothing queued) where the platform has no such queue. */
export function postTask(task: () => void, priority: TaskPriority): boolean {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.postTask !== 'function') return false;
  void scheduler.postTask(task, { priority });
  return true;
}
