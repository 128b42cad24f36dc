import { useEffect, useState } from 'react';
import { useApi } from '../../session/api-context.tsx';
import { RowButton } from '../../ui/list/index.ts';

/** Copies through main (main owns the clipboard) and says so for a moment. */
export function useCopy(): { copy: (text: string) => Promise<boolean>; copied: string | null; error: string | null } {
  const api = useApi();
  const [copied, setCopied] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return undefined;
    const timer = setTimeout(() => setCopied(null), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return {
    copied,
    error,
    async copy(text) {
      try {
        await api.call('clipboard.writeText', { text });
        setError(null);
        setCopied(text);
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return false;
      }
    },
  };
}

export function CopyButton({ text, label, tabbable, title }: { text: string | null; label: string; tabbable?: boolean; title?: string }) {
  const { copy, copied, error } = useCopy();
  return (
    <>
      <RowButton aria-label={label} title={title} isDisabled={text === null} tabbable={tabbable} onPress={() => text !== null && void copy(text)}>
        {copied !== null ? 'Copied' : 'Copy'}
      </RowButton>
      {error && (
        <span className="field-error" role="alert">
          Not copied: {error}
        </span>
      )}
    </>
  );
}
