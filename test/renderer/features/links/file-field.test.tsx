// @vitest-environment happy-dom
// The image picker: a picked file's bytes become the value; a file the system will not let the page
// read is said beside the field and the value stays as it was (never an unhandled rejection).
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileField } from '../../../../src-renderer/features/links/FileField.tsx';
import { isPickedFile, type ImageValue } from '../../../../src-renderer/features/links/link-form.ts';

afterEach(() => cleanup());

function Picker({ initial, changes }: { initial: ImageValue; changes: ImageValue[] }) {
  const [value, setValue] = useState<ImageValue>(initial);
  return (
    <FileField
      label="Favicon"
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

/** A file whose bytes cannot be read, as when it was moved or its permissions changed after the pick. */
function unreadableFile(name: string): File {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.reject(new DOMException('The file could not be read', 'NotReadableError')) });
  return file;
}

describe('the image picker', () => {
  it('takes a picked file’s bytes as the value', async () => {
    const changes: ImageValue[] = [];
    render(<Picker initial={null} changes={changes} />);
    await userEvent.setup().upload(screen.getByLabelText('Favicon'), new File([new Uint8Array([1, 2, 3])], 'f.png', { type: 'image/png' }));
    await screen.findByText('f.png (1 KiB)');
    const picked = changes[0] ?? null;
    expect(isPickedFile(picked) && [picked.name, [...picked.data]]).toEqual(['f.png', [1, 2, 3]]);
  });

  it('says when a picked file cannot be read and keeps the file the service holds', async () => {
    const changes: ImageValue[] = [];
    render(<Picker initial={{ current: 'old.png' }} changes={changes} />);
    const input = screen.getByLabelText('Favicon');
    await userEvent.setup().upload(input, unreadableFile('moved.png'));
    expect((await screen.findByText(/could not be read/)).textContent).toBe('“moved.png” could not be read. Pick it again, or pick another file.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('On the service: old.png')).toBeTruthy();
    expect(changes).toEqual([]);
  });
});
