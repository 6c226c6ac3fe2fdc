// ## Owns
// What changed between two observations of the same part of a page: lines added,
// removed, and lines whose element stayed but whose text (name, value, state) did.
// Lines with a ref are matched by ref; text lines by their words, in order.

export interface ObservedLines {
  readonly lines: readonly string[];
  /** The ref of each line, '' for text and notes. */
  readonly refs: readonly string[];
}

export interface TreeChanges {
  readonly added: string[];
  readonly removed: string[];
  readonly changed: { readonly before: string; readonly after: string }[];
  unchanged: number;
}

/** One key per line: its ref, else its text and how often that text came before. */
function keysOf(observed: ObservedLines): string[] {
  const seen = new Map<string, number>();
  return observed.lines.map((line, index) => {
    const ref = observed.refs[index] ?? '';
    if (ref !== '') return `ref:${ref}`;
    const text = line.trim();
    const count = seen.get(text) ?? 0;
    seen.set(text, count + 1);
    return `text:${count}:${text}`;
  });
}

export function diffObservations(before: ObservedLines, after: ObservedLines): TreeChanges {
  const beforeKeys = keysOf(before);
  const afterKeys = keysOf(after);
  const old = new Map<string, string>();
  beforeKeys.forEach((key, index) => old.set(key, before.lines[index] ?? ''));
  const changes: TreeChanges = { added: [], removed: [], changed: [], unchanged: 0 };
  const kept = new Set<string>();
  afterKeys.forEach((key, index) => {
    const line = after.lines[index] ?? '';
    const previous = old.get(key);
    if (previous === undefined) changes.added.push(line);
    else if (previous.trim() === line.trim()) changes.unchanged += 1;
    else changes.changed.push({ before: previous, after: line });
    kept.add(key);
  });
  beforeKeys.forEach((key, index) => {
    if (!kept.has(key)) changes.removed.push(before.lines[index] ?? '');
  });
  return changes;
}

/** The changes as lines: `+ ` added, `- ` removed, `~ ` changed (then its old line). */
export function changeLines(changes: TreeChanges): string[] {
  return [
    ...changes.changed.flatMap(({ before, after }) => [
      `~ ${after.trim()}`,
      `    was: ${before.trim()}`,
    ]),
    ...changes.added.map((line) => `+ ${line.trim()}`),
    ...changes.removed.map((line) => `- ${line.trim()}`),
  ];
}
