import { useId, useState } from 'react';
import { Button } from '../../ui/index.ts';
import { isPickedFile, PickedFile, type ImageValue } from './link-form.ts';

/**
 * A labelled file picker whose value is the picked file's bytes (as the contract carries them),
 * or the file the service holds now (by name), which Remove takes away.
 */
export function FileField(props: { label: string; value: ImageValue; onChange: (file: ImageValue) => void; error?: string | undefined; accept?: string }) {
  const picked = isPickedFile(props.value) ? props.value : null;
  const id = useId();
  const [reading, setReading] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="file-field-row">
        <input
          id={id}
          type="file"
          accept={props.accept ?? 'image/*'}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return props.onChange(null);
            setReading(true);
            try {
              props.onChange(new PickedFile({ name: file.name, type: file.type, data: new Uint8Array(await file.arrayBuffer()) }));
            } finally {
              setReading(false);
            }
          }}
        />
        {props.value && (
          <Button size="small" variant="ghost" onPress={() => props.onChange(null)} aria-label={`Remove ${props.label}`}>
            Remove
          </Button>
        )}
      </div>
      {reading && <span className="field-description">Reading…</span>}
      {picked && (
        <span className="field-description">
          {picked.name} ({Math.ceil(picked.data.byteLength / 1024)} KiB){props.error ? '' : ' — sent with the next save, not kept offline'}
        </span>
      )}
      {props.value && !picked && <span className="field-description">Current file on the service: {(props.value as { current: string }).current}</span>}
      {props.error && (
        <span id={`${id}-error`} className="field-error">
          {props.error}
        </span>
      )}
    </div>
  );
}
