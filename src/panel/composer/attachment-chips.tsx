// The composer's attachment chips. Thumbnails are shown only from validated
// image data URLs made locally; selection text is shown as text.
import type { ReadonlySignal } from '@preact/signals';
import type { ResultFormat } from '../../shared/protocol/result-format';
import type { PendingAttachment } from './attachments-controller';
import { isSafeImageDataUrl } from './thumbnail';

/** Props of {@link AttachmentChips}. */
export interface AttachmentChipsProps {
  readonly items: ReadonlySignal<readonly PendingAttachment[]>;
  readonly onRemove: (id: string) => void;
  /** The JSON format the next message asks for (/json), shown as a chip of its own. */
  readonly format?: ReadonlySignal<ResultFormat | null>;
  readonly onRemoveFormat?: () => void;
  readonly disabled: boolean;
}

function chipLabel(item: PendingAttachment): string {
  if (item.kind === 'selection') {
    const preview = item.text.length > 40 ? `${item.text.slice(0, 40)}\u2026` : item.text;
    return `Selection${item.fileLabel ? ` \u00b7 ${item.fileLabel}` : ''}: ${preview}`;
  }
  return `${item.source === 'preview' ? 'Preview screenshot' : 'Opened image'} ${item.image.width}\u00d7${item.image.height}`;
}

/** The chips of the attachments waiting for Send. */
export function AttachmentChips(props: AttachmentChipsProps) {
  const { items, onRemove, disabled } = props;
  const format = props.format?.value ?? null;
  if (items.value.length === 0 && format === null) return null;
  return (
    <ul class="attachment-chips" aria-label="Attachments">
      {format ? (
        <li class="chip" data-testid="result-format-chip" title={format.label}>
          <span class="chip-label">JSON result: {format.label}</span>
          <button
            type="button"
            class="icon-button"
            aria-label="Remove the JSON result format"
            disabled={disabled}
            onClick={() => props.onRemoveFormat?.()}
          >
            {'\u00d7'}
          </button>
        </li>
      ) : null}
      {items.value.map((item) => (
        <li class="chip" key={item.id} data-testid="attachment-chip" data-kind={item.kind}>
          {item.kind === 'image' && item.thumbnail && isSafeImageDataUrl(item.thumbnail) ? (
            <img class="chip-thumb" src={item.thumbnail} alt="" width={32} height={32} />
          ) : null}
          <span class="chip-label">{chipLabel(item)}</span>
          <button
            type="button"
            class="icon-button"
            aria-label={`Remove ${chipLabel(item)}`}
            disabled={disabled}
            onClick={() => onRemove(item.id)}
          >
            {'\u00d7'}
          </button>
        </li>
      ))}
    </ul>
  );
}
