// Reverting a typst response of many small changes: 1,500 one-word fixes spread evenly
// over a 20,000-line document, made by three writes of 500. Planning the revert composes
// the three inverses, keeps them as separate changes (at most MAX_COMMIT_CHANGES), applies
// them to the live text and checks the result against the recorded hash
// (src/worker/recovery/revert-changes.ts). Prints median, p90 and allocated heap; the
// info row says how many changes the page commit would carry.
import { applyChanges, invertChanges, type TextChange } from '../src/shared/text/text-change';
import { hashText } from '../src/shared/text/text-hash';
import type { CheckpointMeta } from '../src/worker/recovery/recovery-db';
import { planRevert } from '../src/worker/recovery/revert-changes';
import { closeMeasure, measure, report } from './support/measure';

const LINES = 20_000;
const before = Array.from({ length: LINES }, (_, index) => `Line ${index} of the text.`).join('\n');

function fixesAt(current: string, lines: readonly number[]): TextChange[] {
  const starts = [0];
  for (let index = 0; index < current.length; index += 1)
    if (current.charCodeAt(index) === 10) starts.push(index + 1);
  return lines.map((line) => {
    const from = (starts[line] ?? 0) + 'Line '.length;
    return { from, to: from, insert: 'fixed ' };
  });
}

let after = before;
const inverses: TextChange[][] = [];
for (const write of [0, 1, 2]) {
  const step = Math.floor(LINES / 500);
  const lines = Array.from({ length: 500 }, (_, index) => index * step + write * 4);
  const changes = fixesAt(after, lines);
  inverses.push(invertChanges(after, changes));
  after = applyChanges(after, changes);
}
const meta: CheckpointMeta = {
  id: 'bench',
  seq: 1,
  siteId: 'typst',
  projectId: 'p',
  sessionId: 's',
  runId: 'r',
  tabId: 1,
  fileLabel: 'main.typ',
  status: 'applied',
  previousStatus: null,
  before: { length: before.length, hash: await hashText(before) },
  after: { length: after.length, hash: await hashText(after) },
  pending: null,
  writeCount: 3,
  bodyChars: 0,
  createdAt: 0,
  updatedAt: 0,
};
const body = { id: 'bench', inverses, pendingInverse: null, beforeText: null };
console.log(`document: ${LINES} lines, ${after.length} chars (info)`);
const plan = await planRevert(meta, body, after);
console.log(`revert plan: ${plan.method}, ${plan.changes.length} changes (info)`);
report(
  'plan revert of 1,500 spread changes',
  await measure(() => planRevert(meta, body, after), { warmup: 3, runs: 15 }),
);
closeMeasure();
