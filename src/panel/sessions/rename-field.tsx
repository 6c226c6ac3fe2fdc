// Inline rename for a chat: Enter or leaving the field saves, Escape cancels.
// Names are capped at 80 characters in the UI.
import { useEffect, useRef, useState } from 'preact/hooks';

/** The longest name the rename field accepts. */
export const MAX_RENAME_CHARS = 80;

/** Props of {@link RenameField}. */
export interface RenameFieldProps {
  readonly initialName: string;
  /** Called with the trimmed new name; not called when unchanged or empty. */
  readonly onCommit: (name: string) => void;
  readonly onCancel: () => void;
}

/** A focused text input that edits a chat name in place. */
export function RenameField({ initialName, onCommit, onCancel }: RenameFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialName.slice(0, MAX_RENAME_CHARS));
  // Blur after Enter or Escape must not commit a second time.
  const isDone = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const finish = (shouldSave: boolean) => {
    if (isDone.current) return;
    isDone.current = true;
    const name = value.trim();
    if (shouldSave && name !== '' && name !== initialName) onCommit(name);
    else onCancel();
  };
  return (
    <input
      ref={input}
      type="text"
      class="sa-rename"
      aria-label={`New name for chat ${initialName}`}
      maxLength={MAX_RENAME_CHARS}
      value={value}
      onInput={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
