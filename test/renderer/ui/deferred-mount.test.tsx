// @vitest-environment happy-dom
// DeferredMount commits its stand-in first and mounts its children in a later, deferred render:
// the render that shows the stand-in does none of the children's work.
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DeferredMount } from '../../../src-renderer/ui/index.ts';
import '../patient-dom.ts';

afterEach(() => cleanup());

describe('DeferredMount', () => {
  it('commits the stand-in, then mounts the children in a render of their own, and keeps them', async () => {
    const log: string[] = [];
    function Part({ name }: { name: string }) {
      log.push(`render ${name}`);
      useEffect(() => void log.push(`mounted ${name}`), [name]);
      return <p>{name}</p>;
    }
    const { rerender } = render(
      <DeferredMount fallback={<Part name="stand-in" />}>
        <Part name="screen" />
      </DeferredMount>,
    );
    expect(await screen.findByText('screen')).toBeTruthy();
    expect(screen.queryByText('stand-in')).toBeNull();
    // The stand-in was committed (its effect ran) before the screen was first rendered.
    expect(log.indexOf('mounted stand-in')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('mounted stand-in')).toBeLessThan(log.indexOf('render screen'));
    // Once mounted, new children mount at once: no stand-in again.
    log.length = 0;
    rerender(
      <DeferredMount fallback={<Part name="stand-in" />}>
        <Part name="next screen" />
      </DeferredMount>,
    );
    expect(screen.getByText('next screen')).toBeTruthy();
    expect(log.some((line) => line.includes('stand-in'))).toBe(false);
  });
});
