// ## Owns
// The composer's transient attachments: editor selections and images taken from
// the page through the worker ("+ Add"), each remembered with the tab it came from.
// Full images live only here until Send; the stored user turn keeps selection text
// and at most two locally made thumbnails.
import { signal } from '@preact/signals';
import type { AttachmentRecord } from '../../shared/protocol/chat-records';
import type { CapturedImage } from '../../shared/protocol/context-messages';
import type { ProtocolError, Result } from '../../shared/protocol/envelope';
import type { RunAttachment } from '../../shared/protocol/run-messages';
import type { ResultFormat } from '../../shared/protocol/result-format';
import { createId } from '../../shared/lib/ids';
import type { ContextClient } from '../app/panel-api';
import { isSafeImageDataUrl, makeThumbnail, type ThumbnailMaker } from './thumbnail';

/** An attachment waiting in the composer. */
export type PendingAttachment =
  | {
      readonly id: string;
      readonly tabId: number;
      readonly kind: 'selection';
      readonly text: string;
      readonly fileLabel: string | null;
    }
  | {
      readonly id: string;
      readonly tabId: number;
      readonly kind: 'image';
      readonly source: 'preview' | 'opened-image';
      readonly image: CapturedImage;
      readonly thumbnail: string | null;
    };

export const MAX_SELECTIONS = 16;
export const MAX_IMAGES = 4;
export const MAX_STORED_THUMBNAILS = 2;
const MAX_STORED_SELECTION_CHARS = 32_000;

/** The "+ Add" menu entries. */
export type AddKind = 'selection' | 'preview' | 'opened-image';

/** Holds and adds attachments for the next Send. */
export class AttachmentsController {
  readonly items = signal<readonly PendingAttachment[]>([]);
  readonly busy = signal(false);
  readonly error = signal<ProtocolError | null>(null);
  readonly status = signal<string | null>(null);
  /** The JSON format the next message asks the answer to return (/json), or null. */
  readonly format = signal<ResultFormat | null>(null);

  constructor(
    private readonly client: ContextClient,
    private readonly thumbnail: ThumbnailMaker = makeThumbnail,
  ) {}

  /** Adds what the "+ Add" entry names, read from `tabId`. */
  async add(kind: AddKind, tabId: number): Promise<void> {
    if (this.busy.peek()) return;
    this.busy.value = true;
    this.error.value = null;
    this.status.value = null;
    try {
      if (kind === 'selection') await this.addSelection(tabId);
      else await this.addImage(kind, tabId);
    } finally {
      this.busy.value = false;
    }
  }

  remove(id: string): void {
    this.items.value = this.items.value.filter((item) => item.id !== id);
  }

  clear(): void {
    this.items.value = [];
    this.format.value = null;
  }

  resultFormat(): ResultFormat | null {
    return this.format.peek();
  }

  /**
   * The attachments for a run from `tabId`: ones taken from another tab are dropped
   * (the page changed under them), images are validated again.
   */
  async refreshFor(
    tabId: number,
  ): Promise<{ attachments: RunAttachment[]; records: AttachmentRecord[] }> {
    const kept = this.items.peek().filter((item) => item.tabId === tabId);
    if (kept.length !== this.items.peek().length) {
      this.status.value = 'Attachments from another tab were left out.';
      this.items.value = kept;
    }
    const attachments: RunAttachment[] = [];
    const records: AttachmentRecord[] = [];
    let thumbnails = 0;
    for (const item of kept) {
      if (item.kind === 'selection') {
        attachments.push({ kind: 'selection', text: item.text, fileLabel: item.fileLabel });
        records.push({
          kind: 'selection',
          text: item.text.slice(0, MAX_STORED_SELECTION_CHARS),
          fileLabel: item.fileLabel,
        });
        continue;
      }
      if (!isSafeImageDataUrl(item.image.dataUrl)) continue;
      attachments.push({ kind: 'image', source: item.source, ...item.image });
      const keepThumbnail = item.thumbnail !== null && thumbnails < MAX_STORED_THUMBNAILS;
      if (keepThumbnail) thumbnails += 1;
      records.push({
        kind: 'image',
        source: item.source,
        thumbnail: keepThumbnail ? item.thumbnail : null,
        ...(keepThumbnail
          ? {}
          : {
              omittedReason:
                item.thumbnail === null
                  ? 'No thumbnail could be made.'
                  : 'Only two thumbnails are kept per message.',
            }),
        width: item.image.width,
        height: item.image.height,
      });
    }
    return { attachments, records };
  }

  private async addSelection(tabId: number): Promise<void> {
    if (this.count('selection') >= MAX_SELECTIONS)
      return this.refuse(`At most ${MAX_SELECTIONS} selections per message.`);
    const result = await this.client.request('context/read-selection', { tabId });
    if (!this.accept(result)) return;
    if (result.data === null) return this.refuse('Select some text in the editor first.');
    const { text, fileLabel } = result.data;
    this.items.value = [
      ...this.items.value,
      { id: createId(), tabId, kind: 'selection', text, fileLabel },
    ];
  }

  private async addImage(kind: 'preview' | 'opened-image', tabId: number): Promise<void> {
    if (this.count('image') >= MAX_IMAGES)
      return this.refuse(`At most ${MAX_IMAGES} images per message.`);
    const method = kind === 'preview' ? 'context/capture-preview' : 'context/read-opened-image';
    const result = await this.client.request(method, { tabId });
    if (!this.accept(result)) return;
    const image = result.data;
    if (!isSafeImageDataUrl(image.dataUrl))
      return this.refuse('The page returned an image type that is not accepted.');
    const thumbnail = await this.thumbnail(image.dataUrl).catch(() => null);
    const safeThumbnail = thumbnail !== null && isSafeImageDataUrl(thumbnail) ? thumbnail : null;
    this.items.value = [
      ...this.items.value,
      { id: createId(), tabId, kind: 'image', source: kind, image, thumbnail: safeThumbnail },
    ];
  }

  private count(kind: PendingAttachment['kind']): number {
    return this.items.peek().filter((item) => item.kind === kind).length;
  }

  private accept<T>(result: Result<T>): result is { ok: true; data: T } {
    if (!result.ok) this.error.value = result.error;
    return result.ok;
  }

  private refuse(message: string): void {
    this.status.value = message;
  }
}
