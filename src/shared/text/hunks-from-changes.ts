// ## Owns
// Unified hunks for a change list against one snapshot (study EDIT-03), without
// diffing the documents again.
// ## Why
// Only rows inside a hunk are ever created: unchanged lines outside the context are
// skipped by index arithmetic, so a 20,000-line document with a few edits costs as
// much as the edits (plus the one-pass line index of the snapshot).
import { DIFF_CONTEXT_LINES } from './diff-limits';
import { changedRegions, type ChangedRegion } from './changed-regions';
import type { LineIndex } from './line-index';
import type { TextChange } from './text-change';
import {
  summarizeHunks,
  type DiffHunk,
  type DiffRow,
  type DisplayBounds,
  type UnifiedDiff,
} from './unified-diff';

/** Options of `hunksFromChanges`. */
export interface HunkOptions extends DisplayBounds {
  /** @default DIFF_CONTEXT_LINES */
  readonly context?: number;
}

function buildHunk(index: LineIndex, group: readonly ChangedRegion[], context: number): DiffHunk {
  const first = group[0] as ChangedRegion;
  const last = group[group.length - 1] as ChangedRegion;
  const rows: DiffRow[] = [];
  // Old line indexes are 0-based here; rows carry 1-based numbers.
  const pushContext = (fromOld: number, toOld: number, delta: number) => {
    for (let old = fromOld; old < toOld; old += 1) {
      rows.push({
        kind: 'context',
        oldLine: old + 1,
        newLine: old + delta + 1,
        text: index.lineText(old + 1),
      });
    }
  };
  const hunkOldStart = Math.max(0, first.oldStart - context);
  const hunkNewStart = hunkOldStart + (first.newStart - first.oldStart);
  pushContext(hunkOldStart, first.oldStart, first.newStart - first.oldStart);
  let delta = 0;
  group.forEach((region, position) => {
    for (let old = region.oldStart; old < region.oldEnd; old += 1) {
      rows.push({ kind: 'delete', oldLine: old + 1, text: index.lineText(old + 1) });
    }
    region.inserted.forEach((text, offset) =>
      rows.push({ kind: 'insert', newLine: region.newStart + offset + 1, text }),
    );
    delta = region.newStart + region.inserted.length - region.oldEnd;
    const next = group[position + 1];
    pushContext(
      region.oldEnd,
      next === undefined ? Math.min(index.lineCount, region.oldEnd + context) : next.oldStart,
      delta,
    );
  });
  const hunkOldEnd = Math.min(index.lineCount, last.oldEnd + context);
  return {
    oldStart: hunkOldStart + 1,
    oldLines: hunkOldEnd - hunkOldStart,
    newStart: hunkNewStart + 1,
    newLines: hunkOldEnd + delta - hunkNewStart,
    rows,
  };
}

/**
 * The unified diff of applying sorted, non-overlapping `changes` to `index.text`.
 * Regions whose contexts touch or overlap (at most 2·context unchanged lines apart)
 * share a hunk, as in diff(1). Never refuses: a large edit yields a large diff whose
 * `truncatedForDisplay` tells the panel to show a notice.
 */
export function hunksFromChanges(
  index: LineIndex,
  changes: readonly TextChange[],
  options: HunkOptions = {},
): UnifiedDiff {
  return hunksFromRegions(index, changedRegions(index, changes), options);
}

/** Hunks for changed regions of `index.text` that are sorted and separated by unchanged lines. */
export function hunksFromRegions(
  index: LineIndex,
  regions: readonly ChangedRegion[],
  options: HunkOptions = {},
): UnifiedDiff {
  const context = options.context ?? DIFF_CONTEXT_LINES;
  const hunks: DiffHunk[] = [];
  let group: ChangedRegion[] = [];
  for (const region of regions) {
    const previous = group[group.length - 1];
    if (previous !== undefined && region.oldStart - previous.oldEnd > 2 * context) {
      hunks.push(buildHunk(index, group, context));
      group = [];
    }
    group.push(region);
  }
  if (group.length > 0) hunks.push(buildHunk(index, group, context));
  return summarizeHunks(hunks, options);
}
