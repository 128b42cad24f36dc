import { describe, expect, it } from 'vitest';
import { createWriteFence } from '../../../src-main/workspaces/write-fence.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('write fence', () => {
  it('a read waits for the writes of its workspace in flight, then runs', async () => {
    const fence = createWriteFence();
    const order: string[] = [];
    const slow = deferred<string>();
    const write = fence.write('w1', () => slow.promise).then((v) => order.push(`write ${v}`));
    const read = fence.read('w1', async () => order.push('read'));
    // Only promise callbacks are pending, and a timer runs after all of them, however busy the machine.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    expect(fence.inFlight('w1')).toBe(1);
    slow.resolve('done');
    await Promise.all([write, read]);
    expect(order).toEqual(['write done', 'read']);
    expect(fence.inFlight('w1')).toBe(0);
  });

  it('a failed write also releases the read, and the writer still gets its error', async () => {
    const fence = createWriteFence();
    const slow = deferred<never>();
    const write = fence.write('w1', () => slow.promise);
    const read = fence.read('w1', async () => 'listed');
    slow.reject(new Error('timed out'));
    await expect(write).rejects.toThrow('timed out');
    await expect(read).resolves.toBe('listed');
  });

  it('reads of another workspace, and writes, do not wait', async () => {
    const fence = createWriteFence();
    const never = new Promise<never>(() => undefined);
    void fence.write('w1', () => never);
    await expect(fence.read('w2', async () => 'other')).resolves.toBe('other');
    await expect(fence.write('w1', async () => 'second write')).resolves.toBe('second write');
    expect(fence.inFlight('w1')).toBe(1);
  });

  it('a read waits only for writes that started before it', async () => {
    const fence = createWriteFence();
    const first = deferred<void>();
    void fence.write('w1', () => first.promise);
    const read = fence.read('w1', async () => 'listed');
    void fence.write('w1', () => new Promise<never>(() => undefined)); // started after the read: not waited for
    first.resolve();
    await expect(read).resolves.toBe('listed');
  });
});
