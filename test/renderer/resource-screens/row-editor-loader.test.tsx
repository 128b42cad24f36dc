// @vitest-environment happy-dom
// The domain and handler editors open on a row of the mirror; one that went meanwhile (deleted in
// another window, or on the service) is said to be gone instead of an empty form.
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainEditor } from '../../../src-renderer/features/domains/DomainEditor.tsx';
import { HandlerEditor } from '../../../src-renderer/features/handlers/HandlerEditor.tsx';
import { openSession } from '../features/links/links-harness.tsx';

afterEach(() => cleanup());

describe('editors opened on a row that is gone', () => {
  it('a domain: "This domain no longer exists"', async () => {
    const { sync } = await openSession();
    render(<DomainEditor sync={sync} clientId="gone" onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Domain' })).toHaveProperty('textContent', expect.stringContaining('This domain no longer exists.'));
    sync.close();
  });

  it('a handler: "This notification handler no longer exists"', async () => {
    const { sync } = await openSession();
    render(<HandlerEditor sync={sync} clientId="gone" onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Notification handler' })).toHaveProperty(
      'textContent',
      expect.stringContaining('This notification handler no longer exists.'),
    );
    sync.close();
  });
});
