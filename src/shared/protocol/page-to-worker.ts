// Channel: isolated content script -> worker (events). The content script runs on a
// page we do not control, so the worker treats these as untrusted signals.
import { z } from '../schema/zod';
import { boundedString, IdSchema } from '../schema/bounded';
import { defineEventChannel } from './define-channel';
import { MAX_URL_CHARS } from './limits';
import { CompletionSignalSchema } from './completion-events';
import { QuickActionRefSchema } from './quick-actions';

/** What a floating quick-attach button adds: the editor selection or the opened image. */
export const QuickAttachKindSchema = z.enum(['selection', 'image']);
export type QuickAttachKind = z.infer<typeof QuickAttachKindSchema>;
/** A quick-attach click's id, used by the panel to ignore the same click twice. */
export const QuickAttachEventIdSchema = IdSchema.max(64);

export const pageToWorker = defineEventChannel('page-to-worker', ['content-script'], {
  /** The relay can serve its document (after the MAIN runtime's handshake where needed). */
  'page/ready': {
    payload: z.strictObject({
      url: boundedString(MAX_URL_CHARS),
      /** 0 where the page's site runs without a MAIN runtime. */
      runtimeVersion: z.number().int().min(0),
      documentId: IdSchema,
      /** The token this document's parent frame knows it by (src/page/isolated/frame-link.ts). */
      linkToken: IdSchema.optional(),
    }),
  },
  /**
   * A trusted click on a floating "Add to agent" button. It carries
   * no page data: the panel reads the selection or image through the usual
   * context methods, so a forged event can only cause a read the user could click.
   */
  'page/quick-attach': {
    payload: z.strictObject({
      kind: QuickAttachKindSchema,
      eventId: QuickAttachEventIdSchema,
      /**
       * A click on the quick-actions toolbar names the action (never its text); the
       * panel reads the selection itself and sends that action's message.
       */
      action: QuickActionRefSchema.optional(),
    }),
  },
  /**
   * A typing signal of inline completion (src/shared/protocol/completion-events.ts). No
   * page data: a page script can forge it, which at worst asks for a completion the
   * person turned on, one at a time, and the page shows it only at its own cursor.
   */
  'page/completion-signal': { payload: CompletionSignalSchema },
  /**
   * A trusted click on Stop in the acting-tab indicator. No page data; a forged one
   * could only stop the tab's runs, which the person can restart.
   */
  'page/stop-runs': { payload: z.strictObject({}) },
});
export type PageToWorker = typeof pageToWorker;
