// The page methods of the media downloads: what resource an element a ref names
// holds (an image, a video, a link's file), the media of a post, and the bytes of a
// blob: or data: resource, which only the page that made it can read. Answered by
// ../isolated/files/media-handlers.ts; the worker decides whether and how to save.
// ## Why the page reads blob: and data: bytes itself
// A blob: address lives in the document that created it, and a data: address can be
// megabytes of text in the page; neither is a network address the worker may fetch.
// Addresses on the network (http, https) are never read here: the worker fetches
// them under its own address rules.
import { z } from '../../../shared/schema/zod';
import { boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';

/** Largest file read out of the page: the bound every other download has. */
export const MAX_PAGE_FILE_BYTES = 20_000_000;
/** The same bound as base64 text (4 characters per 3 bytes, rounded up). */
export const MAX_PAGE_FILE_BASE64_CHARS = Math.ceil(MAX_PAGE_FILE_BYTES / 3) * 4;
/** Media files one post yields at most; the answer counts the rest. */
export const MAX_POST_MEDIA = 10;
/** Longest address that crosses; a longer data: address is named by its type alone. */
export const MAX_MEDIA_URL_CHARS = 4_000;

const RefNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Description = boundedString(160);
const Count = z.number().int().min(0).max(1_000_000);

export const MediaKindSchema = z.enum(['image', 'video', 'audio', 'file']);
export type MediaKind = z.infer<typeof MediaKindSchema>;

/** One resource an element holds, with the best address the page knows for it. */
export const MediaResourceSchema = z.strictObject({
  ref: RefNumber,
  kind: MediaKindSchema,
  /** The address as the page resolved it (a long data: address shortened to its head). */
  url: boundedString(MAX_MEDIA_URL_CHARS),
  /** A playlist or a MediaSource stream: there is no single file to save. */
  streaming: z.boolean(),
  /** The name an <a download> gives the file ('' when none). */
  downloadName: boundedString(255),
  /** Rendered size in CSS pixels (0 for an element that is not laid out). */
  width: Count,
  height: Count,
  target: Description,
});
export type MediaResource = z.infer<typeof MediaResourceSchema>;

const Gone = z.strictObject({ status: z.literal('gone') });
const NotMedia = z.strictObject({ status: z.literal('not-media'), target: Description });

export const PageFileSchema = z.discriminatedUnion('status', [
  Gone,
  NotMedia,
  /** The element's resource is a network address: the worker fetches it, not the page. */
  z.strictObject({ status: z.literal('network'), url: boundedString(MAX_MEDIA_URL_CHARS) }),
  z.strictObject({ status: z.literal('too-large'), size: z.number().int().min(0) }),
  /**
   * The bytes cannot be had: a revoked blob:, one of another origin, or a stream a
   * video plays through MediaSource (`stream`), which is no file at all.
   */
  z.strictObject({
    status: z.literal('unreadable'),
    why: z.enum(['revoked', 'stream', 'malformed']),
  }),
  z.strictObject({
    status: z.literal('read'),
    type: boundedString(200),
    size: z.number().int().min(0).max(MAX_PAGE_FILE_BYTES),
    base64: boundedString(MAX_PAGE_FILE_BASE64_CHARS),
  }),
]);
export type PageFile = z.infer<typeof PageFileSchema>;

export const mediaMethods = {
  /** The resource the element a ref names holds (itself, a picture's image, or its one media child). */
  'web/media-resource': {
    request: z.strictObject({ ref: RefNumber }),
    response: z.discriminatedUnion('status', [
      Gone,
      NotMedia,
      z.strictObject({ status: z.literal('found'), resource: MediaResourceSchema }),
    ]),
  },
  /**
   * The media of a post: the one a ref names, or else the page's main post (the
   * article most in view); icons, avatars and emoji are left out, repeats once.
   */
  'web/post-media': {
    request: z.strictObject({ ref: RefNumber.optional() }),
    response: z.discriminatedUnion('status', [
      Gone,
      z.strictObject({
        status: z.literal('found'),
        container: Description,
        media: z.array(MediaResourceSchema).max(MAX_POST_MEDIA),
        /** Distinct media found before the bound was applied. */
        total: Count,
        /** Images left out as too small to be the post's media (icons, avatars, emoji). */
        skipped: Count,
      }),
    ]),
  },
  /** The bytes of the blob: or data: resource the element a ref names holds. */
  'web/media-bytes': {
    request: z.strictObject({ ref: RefNumber, url: boundedString(MAX_MEDIA_URL_CHARS) }),
    response: PageFileSchema,
  },
} satisfies Record<string, MethodSpec>;
