// A button that copies text to the clipboard and says so for a moment.
import { Check, Copy, TriangleAlert } from 'lucide-preact';
import { useState } from 'preact/hooks';

const FEEDBACK_MS = 1_200;

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text to copy, read when clicked. */
  readonly text: () => string;
  /** Accessible name, e.g. "Copy message". */
  readonly label: string;
}

/** Copies `text()`; shows "Copied" for 1.2 s, or "Copy failed". */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), FEEDBACK_MS);
  };
  return (
    <button
      type="button"
      class="icon-button copy-button"
      aria-label={label}
      title={label}
      onClick={() => void copy()}
    >
      {state === 'copied' ? (
        <Check aria-hidden="true" size={14} strokeWidth={1.75} />
      ) : state === 'failed' ? (
        <TriangleAlert aria-hidden="true" size={14} strokeWidth={1.75} />
      ) : (
        <Copy aria-hidden="true" size={14} strokeWidth={1.75} />
      )}
      <span>{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </button>
  );
}
