// An in-panel confirmation for destructive actions. Native confirm() blocks the
// panel and cannot be styled or tested, so this is a real dialog:
// focus moves into it on open, Tab stays inside, Escape cancels, and focus goes
// back to whatever had it before (usually the button that asked).
import { useEffect, useId, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly title: string;
  /** Rendered as text: callers pass chat or model names here. */
  readonly message: ComponentChildren;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Disables both buttons while the action runs. */
  readonly isBusy?: boolean;
}

/** A modal confirmation rendered inside the panel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The safe choice gets focus, so Enter right after opening never deletes.
    cancel.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      props.onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll('button') ?? [])];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  return (
    <div class="sa-dialog-backdrop">
      <div
        ref={dialog}
        class="sa-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} class="sa-dialog-title">
          {props.title}
        </h2>
        <p id={messageId}>{props.message}</p>
        <div class="sa-dialog-actions">
          <button ref={cancel} type="button" disabled={props.isBusy} onClick={props.onCancel}>
            Cancel
          </button>
          <button type="button" class="sa-danger" disabled={props.isBusy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
