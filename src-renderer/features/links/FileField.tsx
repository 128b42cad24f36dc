import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/index.ts';
import { isPickedFile, PickedFile, type ImageValue } from './link-form.ts';

/**
 * A labelled image picker whose value is the picked file's bytes (as the contract carries them),
 * or the file the service holds now (by name), which Remove takes away. What is attached is shown
 * — name, size, a preview — never the browser's "No file chosen" beside a file that is in fact
 * attached (a failed create reopened in the editor keeps its file).
 */
export function FileField(props: { label: string; value: ImageValue; onChange: (file: ImageValue) => void; error?: string | undefined; accept?: string }) {
  const picked = isPickedFile(props.value) ? props.value : null;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  // A file the system would not let us read (moved, no permission): said here, the value kept as it was.
  const [readError, setReadError] = useState<string | null>(null);
  const error = readError ?? props.error;
  const preview = usePreviewUrl(picked);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="file-field-row">
        {/* The native input stays the labelled control (keyboard, screen readers); its own text is hidden. */}
        <input
          ref={input}
          id={id}
          type="file"
          className="file-input"
          accept={props.accept ?? 'image/*'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-state${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Cleared so that picking the same file again after Remove is a change.
            event.currentTarget.value = '';
            if (!file) return;
            setReading(true);
            setReadError(null);
            file.arrayBuffer().then(
              (data) => {
                setReading(false);
                props.onChange(new PickedFile({ name: file.name, type: file.type, data: new Uint8Array(data) }));
              },
              () => {
                setReading(false);
                setReadError(`“${file.name}” could not be read. Pick it again, or pick another file.`);
              },
            );
          }}
        />
        {preview && <img className="file-preview" src={preview} alt="" />}
        <span id={`${id}-state`} className="file-state">
          {reading
            ? 'Reading…'
            : picked
              ? `${picked.name} (${Math.ceil(picked.data.byteLength / 1024)} KiB)`
              : props.value
                ? `On the service: ${(props.value as { current: string }).current}`
                : 'No file'}
        </span>
        {props.value && (
          <Button
            size="small"
            variant="ghost"
            onPress={() => {
              setReadError(null);
              props.onChange(null);
            }}
            aria-label={`Remove ${props.label}`}
          >
            Remove
          </Button>
        )}
      </div>
      {picked && !error && <span className="field-description">Sent with the next save; not kept offline after that.</span>}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** An object URL for a picked file's bytes while it is shown, revoked after. */
function usePreviewUrl(file: PickedFile | null): string | null {
  const url = useMemo(
    () => (file && file.data.byteLength > 0 ? URL.createObjectURL(new Blob([file.data as BlobPart], { type: file.type || 'application/octet-stream' })) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
