// Panel -> worker methods for what the composer attaches: the open file's identity
// (never document text), the editor selection, a preview screenshot and an opened
// image. The panel reaches the page only through these; the worker forwards them to
// the page bridge of the tab the panel names. Handlers: src/worker/handlers/context.handlers.ts.
import { z } from '../schema/zod';
import { TabIdSchema, boundedString } from '../schema/bounded';
import { FileIdentitySchema } from './chat-records';
import { MAX_FILE_LABEL_CHARS } from './limits';
import type { MethodSpec } from './define-channel';
import { SelectionRangeSchema } from './run-messages';
import { QuickActionFactsSchema } from './quick-actions';

/** Longest selection the composer keeps (the run attachment bound). */
export const MAX_SELECTION_CHARS = 65_536;

/** A captured image as the page hands it over: only png/jpeg/webp data URLs pass. */
export const CapturedImageSchema = z.strictObject({
  dataUrl: boundedString(2_097_152).regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/),
  width: z.number().int().min(1).max(4_096),
  height: z.number().int().min(1).max(4_096),
});
export type CapturedImage = z.infer<typeof CapturedImageSchema>;

const TabRequest = z.strictObject({ tabId: TabIdSchema });

export const contextRequestMethods = {
  /**
   * The send-time capture of a tab: the open document's identity (never its text) and
   * the selection range; both null where the tab's site has no document.
   */
  'context/read-identity': {
    request: TabRequest,
    response: z.strictObject({
      file: FileIdentitySchema.nullable(),
      selection: SelectionRangeSchema.nullable(),
    }),
  },
  /** The selected text of a tab; null when nothing is selected. */
  'context/read-selection': {
    request: TabRequest,
    response: z
      .strictObject({
        text: boundedString(MAX_SELECTION_CHARS),
        fileLabel: boundedString(MAX_FILE_LABEL_CHARS).nullable(),
      })
      .nullable(),
  },
  /**
   * The selection a quick action works on: its text (bounded), lines, and the compiler
   * messages on those lines; null when nothing is selected. Page data, untrusted.
   */
  'context/read-quick-action': {
    request: TabRequest,
    response: QuickActionFactsSchema.nullable(),
  },
  /** An image of the site's preview (for example a rendered document page). */
  'context/capture-preview': {
    request: TabRequest,
    response: CapturedImageSchema,
  },
  /** The image file the site shows opened. */
  'context/read-opened-image': {
    request: TabRequest,
    response: CapturedImageSchema,
  },
} as const satisfies Record<string, MethodSpec>;
