// @vitest-environment happy-dom
// The QR code panel: a code that cannot be drawn is said in the panel, never lost as an unhandled
// rejection behind a download button.
import { cleanup, render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrCode } from '../../../../src-renderer/features/links/QrCode.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the QR code panel', () => {
  it('offers both downloads once the code is drawn', async () => {
    render(<QrCode text="https://s.test/abc" name="abc" />);
    await screen.findByRole('img', { name: 'QR code for https://s.test/abc' });
    for (const name of ['Download PNG', 'Download SVG']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
  });

  it('says when the SVG cannot be drawn, instead of failing unseen when Download SVG is pressed', async () => {
    // The library's SVG writer failing where its PNG writer did not (a fault the app must still show).
    vi.spyOn(QRCode, 'toString').mockRejectedValue(new Error('code length overflow'));
    render(<QrCode text="https://s.test/abc" name="abc" />);
    expect((await screen.findByText(/The QR code could not be drawn/)).textContent).toContain('code length overflow');
    expect(screen.queryByRole('button', { name: 'Download SVG' })).toBeNull();
  });
});
