// The long run's CPU burners start, spin and stop (no timing asserted: the machine is shared).
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseBurners, startBurners } from './burners.ts';

describe('chaos CPU burners', () => {
  it('start the asked number of spinning threads and stop them all', async () => {
    const burners = await startBurners(2);
    expect(burners.count).toBe(2);
    expect(burners.running()).toBe(2);
    await burners.stop();
    expect(burners.running()).toBe(0);
  });

  it('zero burners is no thread at all', async () => {
    const none = await startBurners(0);
    expect(none.running()).toBe(0);
    await none.stop();
  });

  it('reads --burners: a number, auto for the core count, nothing for none', () => {
    expect(parseBurners(undefined)).toBe(0);
    expect(parseBurners('3')).toBe(3);
    expect(parseBurners('auto')).toBe(availableParallelism());
    expect(parseBurners('-1')).toBeNull();
    expect(parseBurners('two')).toBeNull();
  });
});
