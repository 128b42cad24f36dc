import { useId, useState } from 'react';
import type { FileUpload } from '../../src-preload/contract/index.ts';
import { Button } from '../ui/index.ts';

/** A labelled file picker whose value is the picked file's bytes (as the contract carries them). */
export function FileField(props: { label: string; value: FileUpload | null; onChange: (file: FileUpload | null) => void; error?: string | undefined; accept?: string }) {
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
              props.onChange({ name: file.name, type: file.type, data: new Uint8Array(await file.arrayBuffer()) });
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
      {props.value && !props.error && (
        <span className="field-description">
          {props.value.name} ({Math.ceil(props.value.data.byteLength / 1024)} KiB) — sent with the next save, not kept offline
        </span>
      )}
      {props.error && (
        <span id={`${id}-error`} className="field-error">
          {props.error}
        </span>
      )}
    </div>
  );
}
