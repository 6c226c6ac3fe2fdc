// Joining adjacent text and reasoning deltas of one body read into one part each.
// Order is kept exactly: only neighbours of the same kind are joined, so a reasoning
// delta between two text deltas still separates them.
import type { StreamPart } from '../model-adapter';

type DeltaType = 'text-delta' | 'reasoning-delta';

function deltaType(part: StreamPart): DeltaType | undefined {
  return part.type === 'text-delta' || part.type === 'reasoning-delta' ? part.type : undefined;
}

/** `parts` with each run of same-kind deltas joined; returns `parts` itself when nothing joins. */
export function coalesceDeltas(parts: StreamPart[]): StreamPart[] {
  if (parts.length < 2) return parts;
  const joined: StreamPart[] = [];
  let runType: DeltaType | undefined;
  let pieces: string[] = [];
  const flush = () => {
    if (runType === undefined) return;
    joined.push({
      type: runType,
      text: pieces.length === 1 ? (pieces[0] as string) : pieces.join(''),
    });
    runType = undefined;
    pieces = [];
  };
  for (const part of parts) {
    const type = deltaType(part);
    if (type !== undefined && type === runType) {
      pieces.push((part as { text: string }).text);
      continue;
    }
    flush();
    if (type === undefined) joined.push(part);
    else {
      runType = type;
      pieces.push((part as { text: string }).text);
    }
  }
  flush();
  return joined.length === parts.length ? parts : joined;
}
