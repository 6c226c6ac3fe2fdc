// ## Owns
// Turning a response's recorded inverse change lists into ONE change list against the
// live document, so a revert is one guarded CodeMirror transaction with minimal changes
//.
// ## How
// Each list becomes an operation sequence (retain / delete / insert) and the lists are
// composed like operational-transform change sets, in O(total changes + inserted text).
// The page accepts at most 128 changes per commit, so the nearest changes are then
// merged (their gap text, taken from the live document, is re-inserted unchanged).
import type { TextChange } from '../../shared/text/text-change';
import { MAX_COMMIT_CHANGES } from './recovery-limits';

type Op =
  | { readonly kind: 'retain' | 'delete'; readonly length: number }
  | { readonly kind: 'insert'; readonly text: string };

function toOps(changes: readonly TextChange[], length: number): Op[] {
  const ops: Op[] = [];
  let cursor = 0;
  for (const change of changes) {
    if (change.from > cursor) ops.push({ kind: 'retain', length: change.from - cursor });
    if (change.to > change.from) ops.push({ kind: 'delete', length: change.to - change.from });
    if (change.insert !== '') ops.push({ kind: 'insert', text: change.insert });
    cursor = change.to;
  }
  if (length > cursor) ops.push({ kind: 'retain', length: length - cursor });
  return ops;
}

const sizeOf = (op: Op): number => (op.kind === 'insert' ? op.text.length : op.length);

function slice(op: Op, start: number, end: number): Op {
  return op.kind === 'insert'
    ? { kind: 'insert', text: op.text.slice(start, end) }
    : { kind: op.kind, length: end - start };
}

/** `second` after `first`, as one op sequence over `first`'s input. */
function composeOps(first: readonly Op[], second: readonly Op[]): Op[] {
  const out: Op[] = [];
  let a = 0;
  let b = 0;
  let aOffset = 0;
  let bOffset = 0;
  while (a < first.length || b < second.length) {
    const opB = second[b];
    if (opB?.kind === 'insert') {
      out.push(slice(opB, bOffset, opB.text.length));
      b += 1;
      bOffset = 0;
      continue;
    }
    const opA = first[a];
    if (opA?.kind === 'delete') {
      out.push(slice(opA, aOffset, opA.length));
      a += 1;
      aOffset = 0;
      continue;
    }
    if (opA === undefined || opB === undefined)
      throw new Error('Change lists do not chain: lengths differ.');
    const take = Math.min(sizeOf(opA) - aOffset, sizeOf(opB) - bOffset);
    // opA is retain or insert (output of first); opB is retain or delete (input of second).
    if (opB.kind === 'retain') out.push(slice(opA, aOffset, aOffset + take));
    else if (opA.kind === 'retain') out.push({ kind: 'delete', length: take });
    // insert then delete: the text never existed in either end state.
    aOffset += take;
    bOffset += take;
    if (aOffset === sizeOf(opA)) {
      a += 1;
      aOffset = 0;
    }
    if (bOffset === sizeOf(opB)) {
      b += 1;
      bOffset = 0;
    }
  }
  return out;
}

function fromOps(ops: readonly Op[]): TextChange[] {
  const changes: TextChange[] = [];
  let cursor = 0;
  let open: { from: number; to: number; insert: string } | null = null;
  for (const op of ops) {
    if (op.kind === 'retain') {
      if (op.length === 0) continue;
      if (open) changes.push(open);
      open = null;
      cursor += op.length;
      continue;
    }
    open ??= { from: cursor, to: cursor, insert: '' };
    if (op.kind === 'delete') {
      open.to += op.length;
      cursor += op.length;
    } else if (op.kind === 'insert') open.insert += op.text;
  }
  if (open) changes.push(open);
  return changes.filter((change) => change.to > change.from || change.insert !== '');
}

const lengthAfter = (length: number, changes: readonly TextChange[]): number =>
  changes.reduce((sum, change) => sum + change.insert.length - (change.to - change.from), length);

/**
 * Composes change lists applied one after another, starting from a document of
 * `length`, into one sorted, non-overlapping list against that document.
 */
export function composeChangeLists(
  lists: readonly (readonly TextChange[])[],
  length: number,
): TextChange[] {
  let ops = toOps([], length);
  let current = length;
  for (const list of lists) {
    ops = composeOps(ops, toOps(list, current));
    current = lengthAfter(current, list);
  }
  return fromOps(ops);
}

/** Merges the closest neighbours until at most `max` changes remain; `text` is the document they apply to. */
export function limitChangeCount(
  text: string,
  changes: readonly TextChange[],
  max = MAX_COMMIT_CHANGES,
): TextChange[] {
  if (changes.length <= max) return [...changes];
  // Keep the (max - 1) widest gaps as separators; every other gap is merged over.
  const gaps = changes
    .slice(1)
    .map((change, index) => ({ index, width: change.from - (changes[index] as TextChange).to }));
  const kept = new Set(
    gaps
      .sort((x, y) => y.width - x.width || x.index - y.index)
      .slice(0, max - 1)
      .map((gap) => gap.index),
  );
  const merged: TextChange[] = [];
  let open = { ...(changes[0] as TextChange) };
  changes.slice(1).forEach((change, index) => {
    if (kept.has(index)) {
      merged.push(open);
      open = { ...change };
    } else
      open = {
        from: open.from,
        to: change.to,
        insert: open.insert + text.slice(open.to, change.from) + change.insert,
      };
  });
  merged.push(open);
  return merged;
}
