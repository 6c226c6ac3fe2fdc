// ## Owns
// One tree for the whole tab: the top frame's walk, with each child frame's walk put
// under its <iframe> line (indented one level deeper), level by level, the frames of
// one level asked at the same time. A frame whose document cannot be read gets a
// note line saying why, never a silent gap.
// ## Never
// Reads one document twice in a tree (a page that links one frame document under two
// frame elements, or frames nested without end), or waits on more than MAX_FRAMES
// frames: the rest get a note.
import { humanCheckLine, humanCheckOf, unreadFrameLine } from './frame-note';
import type { Result } from '../../../../shared/protocol/envelope';
import type { KnownFrame } from '../../../../worker/tools/define-tool';
import type { WalkResult } from '../../methods/tree-methods';
import { refPrefixOf } from './tree-refs';

/** Frames one observation reads; the rest are named in a note. */
export const MAX_FRAMES = 64;
/** Frames inside frames inside frames: deeper ones are named in a note. */
export const MAX_FRAME_DEPTH = 8;

/** How the stitcher reaches the documents of the tab. */
export interface FrameSource {
  /** One walk: of the run's top document (`frame` null) or of a subframe's document. */
  walk(
    frame: KnownFrame | null,
    root: number | null,
    refPrefix: string,
  ): Promise<Result<WalkResult>>;
  /** The document a frame element's link token names, or null when no relay said so. */
  frameOf(token: string): Promise<KnownFrame | null>;
  /**
   * Hit-tests points of a child frame in the document holding its frame element:
   * what covers each, or null. Null overall when the frame element is gone.
   */
  hitTest(
    holder: KnownFrame | null,
    frameRef: number,
    points: readonly { x: number; y: number }[],
  ): Promise<{ coveredBy: string | null; x: number; y: number }[] | null>;
}

/** Totals over every frame read. */
export interface StitchedCounts {
  visited: number;
  hidden: number;
  above: number;
  below: number;
  left: number;
  right: number;
}

export interface StitchedTree {
  readonly url: string;
  readonly title: string;
  readonly lines: string[];
  /** The ref each line names ('' for text and notes), as the model writes it. */
  readonly refs: string[];
  readonly counts: StitchedCounts;
  /** Frames read, and frames that could not be (each has a note line). */
  readonly frames: { read: number; unread: number };
  /** Human-check widgets (CAPTCHAs) among the frames, by vendor. */
  readonly humanChecks: readonly string[];
  /** Addresses of the frames left unread because no relay of ours showed their document. */
  readonly unlinked: readonly string[];
  /** Whether any frame's walk stopped early (size or time). */
  readonly cut: boolean;
  /** The walk's root named nothing: the frame's nearby live refs. */
  readonly missingRoot: WalkResult['missingRoot'];
  readonly walkMs: number;
}

interface FrameWalk {
  readonly frame: KnownFrame | null;
  readonly walk: WalkResult;
  readonly depth: number;
  /** Child outcome per placeholder index: a walk or the reason it is missing. */
  readonly children: (FrameWalk | string)[];
}

const REASONS = {
  unlinked: 'its document is not one Side Agent may read here, or it has not loaded',
  repeated: 'it shows a document already shown in this tree',
  deep: 'frames nest too deeply here',
  many: 'this page has too many frames to read at once',
  changed: 'it navigated while being read; observe again',
} as const;

function failureReason(result: Result<WalkResult>): string {
  if (result.ok) return '';
  if (result.error.code === 'PAGE_DOCUMENT_CHANGED' || result.error.code === 'PAGE_UNLOADED')
    return REASONS.changed;
  return `it did not answer (${result.error.code})`;
}

/** Reads the tree from `start` (the top frame, or a frame and a ref in it) down. */
export async function stitchFrames(
  source: FrameSource,
  start: { readonly frame: KnownFrame | null; readonly root: number | null },
): Promise<Result<StitchedTree>> {
  const first = await source.walk(start.frame, start.root, refPrefixOf(start.frame?.index ?? null));
  if (!first.ok) return first;
  const top: FrameWalk = { frame: start.frame, walk: first.data, depth: 0, children: [] };
  const seen = new Set<string>([start.frame?.documentId ?? 'top']);
  let asked = 1;
  let read = 1;
  let level = [top];
  while (level.length > 0) {
    const next: FrameWalk[] = [];
    const asks: Promise<void>[] = [];
    for (const parent of level) {
      parent.walk.frames.forEach((placeholder, index) => {
        asks.push(
          (async () => {
            const outcome = await readChild(parent, placeholder.token);
            parent.children[index] = outcome;
            if (typeof outcome !== 'string') next.push(outcome);
          })(),
        );
      });
    }
    await Promise.all(asks);
    level = next;
  }

  async function readChild(parent: FrameWalk, token: string | null): Promise<FrameWalk | string> {
    if (token === null) return REASONS.unlinked;
    if (parent.depth + 1 > MAX_FRAME_DEPTH) return REASONS.deep;
    const frame = await source.frameOf(token);
    if (!frame) return REASONS.unlinked;
    if (seen.has(frame.documentId)) return REASONS.repeated;
    if (asked >= MAX_FRAMES) return REASONS.many;
    seen.add(frame.documentId);
    asked += 1;
    const result = await source.walk(frame, null, refPrefixOf(frame.index));
    // A relay the person has not allowed may still be there (put in before a grant
    // ended): its document is as unreadable as one without a relay.
    if (!result.ok && result.error.code === 'PAGE_NOT_GRANTED') return REASONS.unlinked;
    if (!result.ok) return failureReason(result);
    read += 1;
    return { frame, walk: result.data, depth: parent.depth + 1, children: [] };
  }

  await markCoveredFrames(source, top);
  return { ok: true, data: assemble(top, read) };
}

/**
 * Marks a child frame's controls that something in a parent document covers (a
 * cookie banner over an embedded form): each level up tests the points still clear.
 */
async function markCoveredFrames(source: FrameSource, top: FrameWalk): Promise<void> {
  const chains: { child: FrameWalk; holders: { walk: FrameWalk; frameRef: number }[] }[] = [];
  const collect = (node: FrameWalk, holders: { walk: FrameWalk; frameRef: number }[]) => {
    node.children.forEach((child, index) => {
      if (typeof child === 'string') return;
      const placeholder = node.walk.frames[index];
      const frameRef = placeholder ? (node.walk.refs[placeholder.line] ?? 0) : 0;
      if (frameRef === 0) return;
      const chain = [{ walk: node, frameRef }, ...holders];
      chains.push({ child, holders: chain });
      collect(child, chain);
    });
  };
  collect(top, []);
  await Promise.all(
    chains.map(async ({ child, holders }) => {
      let points = child.walk.points.map((point) => ({ ...point }));
      for (const holder of holders) {
        if (points.length === 0) return;
        const results = await source.hitTest(holder.walk.frame, holder.frameRef, points);
        if (!results) return;
        const clear: typeof points = [];
        results.forEach((result, index) => {
          const point = points[index];
          if (!point) return;
          if (result.coveredBy === null) clear.push({ ref: point.ref, x: result.x, y: result.y });
          else markLine(child.walk, point.ref, result.coveredBy);
        });
        points = clear;
      }
    }),
  );
}

function markLine(walk: WalkResult, ref: number, coveredBy: string): void {
  const index = walk.refs.indexOf(ref);
  if (index < 0) return;
  const lines = walk.text.split('\n');
  lines[index] = `${lines[index] ?? ''} covered-by ${coveredBy}`;
  (walk as { text: string }).text = lines.join('\n');
}

function assemble(top: FrameWalk, read: number): StitchedTree {
  const lines: string[] = [];
  const refs: string[] = [];
  const counts: StitchedCounts = { visited: 0, hidden: 0, above: 0, below: 0, left: 0, right: 0 };
  let unread = 0;
  const humanChecks: string[] = [];
  const unlinked: string[] = [];
  let cut = false;
  let walkMs = 0;
  const emit = (node: FrameWalk, base: string) => {
    const { walk } = node;
    const prefix = refPrefixOf(node.frame?.index ?? null);
    counts.visited += walk.counts.visited;
    counts.hidden += walk.counts.hidden;
    if (node === top) {
      counts.above = walk.counts.above;
      counts.below = walk.counts.below;
      counts.left = walk.counts.left;
      counts.right = walk.counts.right;
    }
    cut ||= walk.cut !== null;
    walkMs = Math.max(walkMs, walk.walkMs);
    const placeholderAt = new Map(
      walk.frames.map((placeholder, index) => [placeholder.line, index]),
    );
    const own = walk.text === '' ? [] : walk.text.split('\n');
    own.forEach((line, lineIndex) => {
      lines.push(base + line);
      const ref = walk.refs[lineIndex] ?? 0;
      refs.push(ref === 0 ? '' : `${prefix}e${ref}`);
      const childIndex = placeholderAt.get(lineIndex);
      if (childIndex === undefined) return;
      const depth = walk.frames[childIndex]?.depth ?? 0;
      const inner = base + ' '.repeat(depth + 1);
      const child = node.children[childIndex];
      const src = walk.frames[childIndex]?.src ?? '';
      const check = humanCheckOf(src);
      if (check !== null && !humanChecks.includes(check)) humanChecks.push(check);
      if (child === undefined || typeof child === 'string') {
        unread += 1;
        if ((child ?? REASONS.unlinked) === REASONS.unlinked) unlinked.push(src);
        lines.push(inner + unreadFrameLine(child ?? REASONS.unlinked, src));
        refs.push('');
      } else {
        if (check !== null) {
          lines.push(inner + humanCheckLine(check));
          refs.push('');
        }
        emit(child, inner);
      }
    });
  };
  emit(top, '');
  return {
    url: top.walk.url,
    title: top.walk.title,
    lines,
    refs,
    counts,
    frames: { read, unread },
    humanChecks,
    unlinked,
    cut,
    missingRoot: top.walk.missingRoot,
    walkMs,
  };
}
