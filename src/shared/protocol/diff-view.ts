// The diff a person reviews in the panel, as it crosses from the worker: the hunk
// shape of src/shared/text/unified-diff.ts, bounded for display. The worker
// sends at most MAX_DIFF_ROWS rows and says when it cut the rest.
import { z } from '../schema/zod';
import { boundedArray, boundedString } from '../schema/bounded';
import { MAX_FILE_LABEL_CHARS } from './limits';

export const MAX_DIFF_HUNKS = 256;
export const MAX_DIFF_ROWS = 5_000;
export const MAX_DIFF_ROW_CHARS = 65_536;

const LineNumber = z.number().int().min(1);

export const DiffRowSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('context'),
    oldLine: LineNumber,
    newLine: LineNumber,
    text: boundedString(MAX_DIFF_ROW_CHARS),
  }),
  z.strictObject({
    kind: z.literal('delete'),
    oldLine: LineNumber,
    text: boundedString(MAX_DIFF_ROW_CHARS),
  }),
  z.strictObject({
    kind: z.literal('insert'),
    newLine: LineNumber,
    text: boundedString(MAX_DIFF_ROW_CHARS),
  }),
]);

export const DiffHunkSchema = z.strictObject({
  oldStart: z.number().int().min(0),
  oldLines: z.number().int().min(0),
  newStart: z.number().int().min(0),
  newLines: z.number().int().min(0),
  rows: boundedArray(DiffRowSchema, MAX_DIFF_ROWS),
});

export const DiffViewSchema = z.strictObject({
  fileLabel: boundedString(MAX_FILE_LABEL_CHARS),
  additions: z.number().int().min(0),
  deletions: z.number().int().min(0),
  hunks: boundedArray(DiffHunkSchema, MAX_DIFF_HUNKS),
  /** True when rows were cut for display; Apply still commits the whole change set. */
  truncated: z.boolean(),
});
export type DiffView = z.infer<typeof DiffViewSchema>;
