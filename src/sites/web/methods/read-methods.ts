// The page methods of the read tools other than the tree (page text, extracted data,
// text search, selection, window facts, stability). Answered by ../isolated/read in
// each frame; every string and list is bounded, because the answers come from a page
// the worker does not trust.
import { z } from '../../../shared/schema/zod';
import { WITHHELD_REASONS } from '../../../shared/secrets/credential-field';
import { boundedArray, boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';
import { MAX_TITLE_CHARS, MAX_URL_CHARS } from '../../../shared/protocol/limits';

/** Characters of Markdown one read_page answer carries at most. */
export const MAX_READ_PAGE_CHARS = 30_000;
export const DEFAULT_READ_PAGE_CHARS = 12_000;
/** One wait slice: well inside the page request's time limit. */
export const MAX_WAIT_SLICE_MS = 3_000;
export const MAX_QUIET_MS = 3_000;
export const MAX_FIND_RESULTS = 50;
export const MAX_QUERY_CHARS = 200;
export const DATA_KINDS = ['tables', 'headings', 'links', 'images', 'forms'] as const;

const Count = z.number().int().min(0).max(1e12);
const Pixels = z.number().min(-1e7).max(1e7);
const Ref = z
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const Url = boundedString(MAX_URL_CHARS);
const Text = (max: number) => boundedString(max + 1);
/** Why a walk left a part of the page out (the isolated visibility model decides). */
export const HIDDEN_REASONS = [
  'aria-hidden',
  'inert',
  'hidden-attribute',
  'not-rendered',
  'transparent',
  'clipped',
  'off-screen',
  'no-size',
  'hidden-text',
] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];
const HiddenReasons = z.strictObject(
  Object.fromEntries(HIDDEN_REASONS.map((reason) => [reason, Count.optional()])) as Record<
    HiddenReason,
    z.ZodOptional<typeof Count>
  >,
);
/** What a walk left out because the person cannot see it, and what it covered. */
const Coverage = z.strictObject({
  hiddenParts: Count,
  hiddenCharacters: Count,
  hiddenReasons: HiddenReasons,
  shadowRoots: Count,
  sameOriginFrames: Count,
  otherFrames: Count,
  stopped: z.enum(['deadline', 'node-budget']).nullable(),
});

const TableSchema = z.strictObject({
  caption: Text(300),
  headers: boundedArray(Text(200), 20).nullable(),
  rows: boundedArray(boundedArray(Text(200), 20), 50),
  rowCount: Count,
  columnCount: Count,
});
const FieldSchema = z.strictObject({
  label: Text(300).nullable(),
  type: Text(40),
  name: Text(200).nullable(),
  required: z.boolean(),
  disabled: z.boolean().optional(),
  value: Text(500).optional(),
  valueCut: z.boolean().optional(),
  withheld: z.enum(WITHHELD_REASONS).optional(),
  filled: z.boolean().optional(),
  problem: Text(300).optional(),
  checked: z.boolean().optional(),
  options: boundedArray(
    z.strictObject({ text: Text(200), value: Text(200), selected: z.boolean() }),
    30,
  ).optional(),
  optionCount: Count.optional(),
});
const FormSchema = z.strictObject({
  name: Text(200).nullable(),
  action: Url.nullable(),
  method: Text(20).nullable(),
  isForm: z.boolean(),
  fields: boundedArray(FieldSchema, 60),
  fieldCount: Count,
  hiddenInputs: Count,
});

export const readMethods = {
  /** The page's main content as Markdown, a page of it from `offset`. */
  'web/read-page': {
    request: z.strictObject({
      offset: Count,
      maxChars: z.number().int().min(500).max(MAX_READ_PAGE_CHARS),
    }),
    response: z.strictObject({
      url: Url,
      title: Text(MAX_TITLE_CHARS),
      byline: Text(512).nullable(),
      siteName: Text(512).nullable(),
      lang: Text(35).nullable(),
      source: z.enum(['article', 'main', 'body']),
      markdown: Text(MAX_READ_PAGE_CHARS),
      offset: Count,
      nextOffset: Count.nullable(),
      totalChars: Count,
      textCut: z.boolean(),
      reread: z.boolean(),
      coverage: Coverage,
    }),
  },
  /** Structured data of the kinds asked for, capped, with counts. */
  'web/extract-data': {
    request: z.strictObject({ kinds: boundedArray(z.enum(DATA_KINDS), 5).min(1) }),
    response: z.strictObject({
      url: Url,
      title: Text(MAX_TITLE_CHARS),
      coverage: Coverage,
      tables: z.strictObject({ items: boundedArray(TableSchema, 10), total: Count }).optional(),
      headings: z
        .strictObject({
          items: boundedArray(z.strictObject({ level: Count, text: Text(300) }), 150),
          total: Count,
        })
        .optional(),
      links: z
        .strictObject({
          items: boundedArray(z.strictObject({ text: Text(300), href: Url }), 150),
          total: Count,
          distinct: Count,
        })
        .optional(),
      images: z
        .strictObject({
          items: boundedArray(
            z.strictObject({ alt: Text(300).nullable(), src: Url, width: Count, height: Count }),
            60,
          ),
          total: Count,
          missingAlt: Count,
        })
        .optional(),
      forms: z.strictObject({ items: boundedArray(FormSchema, 10), total: Count }).optional(),
    }),
  },
  /** Occurrences of a string in this frame's visible text, with refs. */
  'web/find-text': {
    request: z.strictObject({
      query: boundedString(MAX_QUERY_CHARS).regex(/\S/),
      exact: z.boolean(),
      includeHidden: z.boolean(),
      maxResults: z.number().int().min(1).max(MAX_FIND_RESULTS),
    }),
    response: z.strictObject({
      url: Url,
      matches: boundedArray(
        z.strictObject({
          ref: Ref,
          tag: Text(40),
          snippet: Text(400),
          place: z.enum(['in-view', 'above', 'below', 'left', 'right', 'hidden']),
        }),
        MAX_FIND_RESULTS,
      ),
      total: Count,
      totalCapped: z.boolean(),
      hiddenExcluded: Count,
      partial: z.boolean(),
    }),
  },
  /** The person's selection in this frame, or the selected part of the focused field. */
  'web/get-selection': {
    request: z.strictObject({}),
    response: z.strictObject({
      url: Url,
      source: z.enum(['none', 'page', 'field']),
      text: Text(20_000),
      totalChars: Count,
      truncated: z.boolean(),
      fieldRef: Ref.nullable(),
      withheld: z.enum(WITHHELD_REASONS).nullable(),
      focusedFrameRef: Ref.nullable(),
    }),
  },
  /** This frame's window: address, viewport, scroll, focus, and the frames it embeds. */
  'web/window-info': {
    request: z.strictObject({}),
    response: z.strictObject({
      url: Url,
      title: Text(MAX_TITLE_CHARS),
      viewport: z.strictObject({ width: Count, height: Count }),
      devicePixelRatio: z.number().min(0).max(64),
      pinchZoom: z.number().min(0).max(64),
      scroll: z.strictObject({ x: Pixels, y: Pixels }),
      scrollSize: z.strictObject({ width: Count, height: Count }),
      readyState: z.enum(['loading', 'interactive', 'complete']),
      focused: z.strictObject({ ref: Ref, tag: Text(40), inFrame: z.boolean() }).nullable(),
      frames: boundedArray(
        z.strictObject({
          url: Url,
          origin: Text(MAX_URL_CHARS),
          readable: z.boolean(),
          visible: z.boolean(),
          width: Count,
          height: Count,
        }),
        50,
      ),
      frameCount: Count,
    }),
  },
  /** One slice of waiting for the document to be quiet. */
  'web/wait-stable': {
    request: z.strictObject({
      quietMs: z.number().int().min(0).max(MAX_QUIET_MS),
      maxMs: z.number().int().min(50).max(MAX_WAIT_SLICE_MS),
      quietSoFarMs: z.number().int().min(0).max(MAX_QUIET_MS),
      network: z.boolean(),
    }),
    response: z.strictObject({
      quiet: z.boolean(),
      elapsedMs: Count,
      mutations: Count,
      resources: Count,
      quietForMs: Count,
      readyState: z.enum(['loading', 'interactive', 'complete']),
    }),
  },
} satisfies Record<string, MethodSpec>;

export type DataKindName = (typeof DATA_KINDS)[number];
