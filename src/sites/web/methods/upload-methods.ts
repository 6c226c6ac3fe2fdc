// The page methods of upload_file: what file input a ref names (the input itself, or a
// label or button that owns one) with its accept and multiple attributes, and setting
// one file on it from bytes the worker sends. Answered by ../isolated/act/upload-handlers.
// ## Why bytes cross instead of a path
// The browser's file-input API over the debugger needs a path on disk, and the run's
// files live only in the worker's memory, so the page builds the File itself.
import { z } from '../../../shared/schema/zod';
import { boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';

/** Largest file upload_file sets on an input. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** The same bound as base64 text (4 characters per 3 bytes, rounded up). */
export const MAX_UPLOAD_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;
/** Longest file name and MIME type that cross. */
export const MAX_UPLOAD_NAME_CHARS = 255;
const MAX_ACCEPT_CHARS = 500;

const RefNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Description = boundedString(160);
const FileName = boundedString(MAX_UPLOAD_NAME_CHARS);
const MimeType = boundedString(200);

/** What a ref names, as far as uploading goes. */
const UploadTargetSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('gone') }),
  /** Neither a file input nor a label or button that owns exactly one. */
  z.strictObject({ status: z.literal('not-file-input'), target: Description }),
  z.strictObject({
    status: z.literal('found'),
    /** The file input (which may be hidden behind the label or button the ref named). */
    target: Description,
    /** The input's accept attribute as written ('' when none). */
    accept: boundedString(MAX_ACCEPT_CHARS),
    multiple: z.boolean(),
    disabled: z.boolean(),
  }),
]);
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

const ChosenFileSchema = z.strictObject({ name: FileName, size: z.number().int().min(0) });

export const uploadMethods = {
  'web/upload-target': {
    request: z.strictObject({ ref: RefNumber }),
    response: UploadTargetSchema,
  },
  /**
   * Sets the one file on the input the ref names (replacing what it held) and fires
   * its input and change events; answers what the input holds after its handlers ran.
   */
  'web/upload-set': {
    request: z.strictObject({
      ref: RefNumber,
      name: FileName,
      type: MimeType,
      base64: boundedString(MAX_UPLOAD_BASE64_CHARS),
    }),
    response: z.discriminatedUnion('status', [
      z.strictObject({ status: z.literal('gone') }),
      z.strictObject({ status: z.literal('not-file-input'), target: Description }),
      z.strictObject({
        status: z.literal('set'),
        target: Description,
        /** What the input holds after its handlers ran (a page may clear it). */
        files: z.array(ChosenFileSchema).max(20),
      }),
    ]),
  },
} satisfies Record<string, MethodSpec>;
