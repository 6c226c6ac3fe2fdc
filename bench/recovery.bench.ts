// Recovery figures (issue 8): revert of a 20,000-line document whose response changed
// 1,500 lines over 12 writes (125 one-line changes each, the page's limit is 128 per
// commit). Measured in Node:
// - plan: composing the 12 recorded inverse change lists into one list against the live
//   text, merging it to <=128 changes, applying it and checking the SHA-256 of the
//   result against the recorded pre-edit hash (what the worker does before it sends);
// - cascade: the whole revert step through the journal on fake-indexeddb (in-memory)
//   and a fake page that hashes and applies the commit like the MAIN world does;
// - what the page receives: change count and inserted characters, versus the
//   whole-document replacement the reference sent.
import { applyChanges, invertChanges, type TextChange } from '../src/shared/text/text-change';
import { planRevert } from '../src/worker/recovery/revert-changes';
import {
  agentWrite,
  createFakePage,
  createTestRecovery,
  toolContext,
} from '../src/worker/recovery/__fixtures__/recovery-fixtures';

const LINES = 20_000;
const WRITES = 12;
const CHANGES_PER_WRITE = 125;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const document = Array.from(
  { length: LINES },
  (_, index) => `= Line ${index + 1}: Typst #emph[text] $x^${index % 10}$`,
).join('\n');

/** One write: replace 125 distinct lines (spread over the document) of `text`. */
function writeChanges(text: string, write: number): TextChange[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  const changes: TextChange[] = [];
  for (let change = 0; change < CHANGES_PER_WRITE; change += 1) {
    const line = (change * 157 + write * 13) % (starts.length - 1);
    const from = starts[line] as number;
    const to = (starts[line + 1] as number) - 1;
    changes.push({
      from,
      to,
      insert: `REVISED by write ${write}: ${text.slice(from, to).slice(0, 30)}`,
    });
  }
  return changes.sort((a, b) => a.from - b.from);
}

async function main() {
  // The recorded response, computed directly (as the journal stores it).
  let text = document;
  const inverses: TextChange[][] = [];
  for (let write = 0; write < WRITES; write += 1) {
    const changes = writeChanges(text, write);
    inverses.push(invertChanges(text, changes));
    text = applyChanges(text, changes);
  }
  const { hashText } = await import('../src/shared/text/text-hash');
  const meta = {
    id: 'cp',
    writeCount: WRITES,
    before: { hash: await hashText(document), length: document.length },
  } as Parameters<typeof planRevert>[0];
  const body = { id: 'cp', inverses, pendingInverse: null, beforeText: null };
  const planTimes: number[] = [];
  let plan = await planRevert(meta, body, text);
  for (let run = 0; run < 15; run += 1) {
    const started = performance.now();
    plan = await planRevert(meta, body, text);
    planTimes.push(performance.now() - started);
  }
  console.log(
    `document: ${LINES} lines, ${document.length} chars; response: ${WRITES} writes x ${CHANGES_PER_WRITE} changed lines = ${WRITES * CHANGES_PER_WRITE} lines`,
  );
  console.log(
    `revert plan (compose 12 inverses + merge + apply + SHA-256 check), median of 15: ${median(planTimes).toFixed(1)} ms`,
  );
  console.log(`revert commit sent to the page: ${plan.changes.length} changes (${plan.method})`);
  console.log(
    `revert characters inserted: ${plan.changes.reduce((sum, change) => sum + change.insert.length, 0)} chars`,
  );
  console.log(`whole-document replacement would insert: ${document.length} chars`);

  // The same response through the real journal and a fake page (IndexedDB in memory).
  const cascadeTimes: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const page = createFakePage(document);
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create({ siteId: 'typst', projectId: 'p1' });
    const context = toolContext(chat.id, 'r1');
    for (let write = 0; write < WRITES; write += 1)
      await agentWrite(recovery.editHooks, context, page, writeChanges(page.state.text, write));
    const started = performance.now();
    await recovery.revert({
      tabId: 7,
      scope: { siteId: 'typst', projectId: 'p1' },
      sessionId: chat.id,
      checkpointId: context.state.checkpointId as string,
    });
    cascadeTimes.push(performance.now() - started);
    if (page.state.text !== document) throw new Error('revert did not restore the document');
  }
  console.log(
    `revert step end to end (journal + page read/hash + plan + guarded commit + chat mark), median of 5: ${median(cascadeTimes).toFixed(1)} ms`,
  );
}

await main();
