// The page methods of the accessibility tree: one frame's observation, hit tests for
// a child frame's controls, and ref checks. Answered by ../isolated/tree; the worker
// stitches the frames' answers into one tree (../worker/tree).
// ## Why the answer is one string plus parallel arrays
// A frame's tree can hold tens of thousands of lines. One newline-joined string with
// a ref per line validates and crosses the bridge far faster than an object per line,
// and names never contain a newline (the serializer flattens whitespace), so line i
// of the text is line i of `refs`.
import { z } from '../../../shared/schema/zod';
import { boundedArray, boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';
import { MAX_TITLE_CHARS, MAX_URL_CHARS } from '../../../shared/protocol/limits';

/** The most characters one frame's walk returns; the rest is reported as cut. */
export const MAX_FRAME_TREE_CHARS = 2_000_000;
/** The most lines one frame's walk returns. */
export const MAX_FRAME_TREE_LINES = 60_000;
/** How long one frame's walk may take before it stops and reports the cut. */
export const FRAME_WALK_TIME_LIMIT_MS = 4_000;
/** Child frames one walk reports (placeholders beyond are left out and counted). */
export const MAX_FRAME_PLACEHOLDERS = 256;
/** Centres of in-view controls a frame reports for its parent's hit test. */
export const MAX_HIT_POINTS = 400;
/** Refs one check may ask about. */
export const MAX_REF_CHECKS = 10_000;
/** Nearby live refs offered for a ref that names nothing. */
export const MAX_REF_SUGGESTIONS = 6;

const Count = z.number().int().min(0);
/** A frame's part of a ref (`f3:`), empty for the top frame. */
export const REF_PREFIX = /^(?:f[1-9][0-9]{0,5}:)?$/;
const RefNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Coordinate = z.number().min(-1e7).max(1e7);

/** What a walk keeps: what is in view, everything, or only controls. */
export const TreeFilterSchema = z.enum(['visible', 'all', 'interactive']);
export type TreeFilter = z.infer<typeof TreeFilterSchema>;

/** A child frame's place in this frame's tree: the worker puts its walk there. */
const FramePlaceholderSchema = z.strictObject({
  /** Index of the iframe's own line. */
  line: Count,
  /** Indentation depth of that line. */
  depth: Count,
  /** The child document's frame-link token, when its relay announced itself. */
  token: boundedString(128).nullable(),
  /** The frame's address as its element states it (src, or about:srcdoc). */
  src: boundedString(MAX_URL_CHARS),
});

const HitPointSchema = z.strictObject({ ref: RefNumber, x: Coordinate, y: Coordinate });

const SuggestionSchema = z.strictObject({
  ref: RefNumber,
  role: boundedString(40),
  name: boundedString(80),
});

const WalkResultSchema = z.strictObject({
  url: boundedString(MAX_URL_CHARS),
  title: boundedString(MAX_TITLE_CHARS),
  /** The lines, joined by newlines; empty when nothing was kept. */
  text: boundedString(MAX_FRAME_TREE_CHARS + 4_096),
  /** The ref of each line (0 for lines without one: text, notes). */
  refs: boundedArray(Count, MAX_FRAME_TREE_LINES + 64),
  frames: boundedArray(FramePlaceholderSchema, MAX_FRAME_PLACEHOLDERS),
  /** In-view controls nothing in this frame covers, for the parent's hit test. */
  points: boundedArray(HitPointSchema, MAX_HIT_POINTS),
  counts: z.strictObject({
    visited: Count,
    lines: Count,
    /** Elements left out as hidden (subtrees counted whole). */
    hidden: Count,
    /** Elements outside the view that a `visible` walk did not enter. */
    above: Count,
    below: Count,
    left: Count,
    right: Count,
    /** Child frames beyond MAX_FRAME_PLACEHOLDERS. */
    framesOmitted: Count,
  }),
  /** Why the walk stopped early, if it did. */
  cut: z.enum(['size', 'time']).nullable(),
  /** The subtree root asked for names no living element: nearby live refs. */
  missingRoot: boundedArray(SuggestionSchema, MAX_REF_SUGGESTIONS).nullable(),
  viewport: z.strictObject({ width: Count, height: Count }),
  walkMs: z.number().min(0).max(600_000),
});
export type WalkResult = z.infer<typeof WalkResultSchema>;

const HitResultSchema = z.strictObject({
  /** What covers the point in this frame ("dialog \"Cookies\""), or null when the frame does not. */
  coveredBy: boundedString(160).nullable(),
  /** The point in this frame's own coordinates, for the next level up. */
  x: Coordinate,
  y: Coordinate,
});

export const treeMethods = {
  /** One frame's tree, serialized; child frames are placeholders the worker fills. */
  'web/tree-walk': {
    request: z.strictObject({
      filter: TreeFilterSchema,
      /** Walk only this element's subtree (its line at depth 0). */
      root: RefNumber.nullable(),
      maxChars: z.number().int().min(1_000).max(MAX_FRAME_TREE_CHARS),
      /** What the lines put before each ref number: '' for the top frame, `f3:` for frame 3. */
      refPrefix: z.string().regex(REF_PREFIX),
    }),
    response: WalkResultSchema,
  },
  /** Hit-tests a child frame's points in this frame: does anything here cover them? */
  'web/tree-hit-test': {
    request: z.strictObject({
      /** The ref of the <iframe> or <frame> element that shows the child. */
      frame: RefNumber,
      points: boundedArray(z.strictObject({ x: Coordinate, y: Coordinate }), MAX_HIT_POINTS),
    }),
    response: z.strictObject({
      /** False when the ref no longer names a frame element of this document. */
      found: z.boolean(),
      results: boundedArray(HitResultSchema, MAX_HIT_POINTS),
    }),
  },
  /** Which of these refs still name a connected element, and live refs near the first. */
  'web/tree-refs': {
    request: z.strictObject({ refs: boundedArray(RefNumber, MAX_REF_CHECKS) }),
    response: z.strictObject({
      alive: boundedArray(z.boolean(), MAX_REF_CHECKS),
      suggestions: boundedArray(SuggestionSchema, MAX_REF_SUGGESTIONS),
    }),
  },
} satisfies Record<string, MethodSpec>;
