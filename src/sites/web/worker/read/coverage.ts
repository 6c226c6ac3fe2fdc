// How the web read tools say what a read covered and what it left out, in words the
// model reads next to the page content (ours, so outside the untrusted part).

/** What one frame's walk covered and skipped (the page reports it). */
export interface CoverageCounts {
  readonly hiddenParts: number;
  readonly shadowRoots: number;
  readonly sameOriginFrames: number;
  readonly otherFrames: number;
  readonly stopped: 'deadline' | 'node-budget' | null;
}

/** One sentence on what was read: the document, its shadow roots and frames. */
export function coverageNote(coverage: CoverageCounts, sameOrigin: string): string {
  const parts = ['the top document'];
  if (coverage.shadowRoots > 0)
    parts.push(`${coverage.shadowRoots} shadow roots (open and closed)`);
  if (coverage.sameOriginFrames > 0) parts.push(`${coverage.sameOriginFrames} ${sameOrigin}`);
  const other =
    coverage.otherFrames > 0
      ? ` ${coverage.otherFrames} frames of other origins were not read here.`
      : '';
  return `Covers ${parts.join(', ')}.${other}`;
}

/** Why hidden text is missing, when some was. */
export const hiddenNote = (parts: number) =>
  parts > 0
    ? 'Text the person cannot see (display none, aria-hidden, clipped, off-screen, transparent) was left out.'
    : null;
