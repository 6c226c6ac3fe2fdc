// ## Owns
// Panel -> worker: the diagnostics report a person copies into a bug report. Spread
// into panel-to-worker.ts; handler in src/worker/handlers/diagnostics.handlers.ts.
import { z } from '../schema/zod';
import { boundedArray, boundedString } from '../schema/bounded';
import type { MethodSpec } from './define-channel';

/** The report's size limit in characters; the report says what it left out. */
export const MAX_DIAGNOSTICS_CHARS = 200_000;

export const diagnosticsRequestMethods = {
  /** Markdown text with secrets removed, ready for the clipboard. */
  'diagnostics/report': {
    request: z.strictObject({}),
    response: z.strictObject({
      text: boundedString(MAX_DIAGNOSTICS_CHARS),
      exchanges: z.number().int().min(0),
      cut: boundedArray(boundedString(300), 8),
    }),
  },
} as const satisfies Record<string, MethodSpec>;
