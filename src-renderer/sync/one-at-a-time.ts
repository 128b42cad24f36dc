// A refresh that reads the database and writes what it read into a store, run one at a time: two
// that overlap can land out of order, and the one begun first (reading the older state) would
// have the last word. A call made while a run is under way gets the next run, which starts after
// it and sees what the caller changed; calls made before that run starts share it.
export function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;
  return () => {
    if (next) return next;
    const started = last.then(() => {
      next = null;
      return run();
    });
    next = started;
    last = started.catch(() => undefined);
    return started;
  };
}
