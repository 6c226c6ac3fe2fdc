// Edit preparation plus hunks for a 20,000-line document with 1,500 changed lines
// (issue 5 figures; target < 30 ms and < 10 MB of heap), against the re-diff approach.
//
// Time: median and p95 wall time of 30 runs after 5 warm-up runs; every run starts
// from the raw text, so the line index build is included. The shared 2-core box is
// often loaded (load average above 8), which inflates wall time, so the mean process
// CPU time per run (process.cpuUsage, all threads, GC included) is printed too.
// Heap: V8's sampling heap profiler (1 KiB interval) with objects collected by minor
// and major GCs included, so the figure is the total allocated by one run, short-lived
// garbage included. Peak heap growth during a run cannot exceed it. `retained` is the
// heapUsed growth after a forced GC while the result is still referenced.
import { structuredPatch } from 'diff';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { boundedLineDiff } from '../src/shared/text/bounded-line-diff';
import type { EditToolCall } from '../src/sites/typst/edit/edit-tool-schemas';
import { prepareEdit } from '../src/sites/typst/edit/prepare-edit';
import { applyChanges } from '../src/shared/text/text-change';
import { hashText } from '../src/shared/text/text-hash';

const LINE_COUNT = 20_000;
const lines = Array.from(
  { length: LINE_COUNT },
  (_, index) => `#let value-${index} = ${(index * 7919) % 10007} // note ${index.toString(36)}`,
);
const documentText = lines.join('\n');

// 125 patch edits of 12 consecutive lines each, spread over the document.
const patchCall: EditToolCall = {
  tool: 'patch_document',
  arguments: {
    edits: Array.from({ length: 125 }, (_, block) => {
      const blockLines = lines.slice(block * 160, block * 160 + 12);
      return {
        search: blockLines.join('\n'),
        replace: blockLines.map((line) => `${line} edited`).join('\n'),
        unique: true,
      };
    }),
  },
};
// One replace_lines call over 1,500 lines.
const replaceCall: EditToolCall = {
  tool: 'replace_lines',
  arguments: {
    start_line: 5_001,
    end_line: 6_500,
    new_content: lines
      .slice(5_000, 6_500)
      .map((line) => `${line} edited`)
      .join('\n'),
  },
};

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');

function timeIt(run: () => unknown): { median: number; p95: number; cpu: number } {
  for (let warm = 0; warm < 5; warm += 1) run();
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < 30; round += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  samples.sort((left, right) => left - right);
  return {
    median: samples[15] as number,
    p95: samples[28] as number,
    cpu: (cpu.user + cpu.system) / 30 / 1_000,
  };
}

async function allocatedBytes(
  run: () => unknown,
): Promise<{ allocated: number; retained: number }> {
  gc();
  const before = process.memoryUsage().heapUsed;
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const result = run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  let allocated = 0;
  const walk = (node: { selfSize: number; children: unknown[] }) => {
    allocated += node.selfSize;
    for (const child of node.children) walk(child as typeof node);
  };
  walk(profile.head as never);
  if (result === undefined) console.log('unexpected');
  return { allocated, retained };
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(2);

console.log(`document: ${LINE_COUNT} lines`);
console.log(`document size: ${documentText.length} chars`);
for (const [name, call] of [
  ['patch_document 125x12 lines', patchCall],
  ['replace_lines 1500 lines', replaceCall],
] as const) {
  const prepare = () => prepareEdit({ text: documentText }, call);
  const prepared = prepare();
  if (prepared.kind !== 'changes') throw new Error('expected changes');
  const time = timeIt(prepare);
  const heap = await allocatedBytes(prepare);
  console.log(
    `${name} changed lines: ${prepared.diff.deletions} deleted, ${prepared.diff.additions} inserted`,
  );
  console.log(`${name} hunks: ${prepared.diff.hunks.length} count`);
  console.log(`${name} prepare+hunks median: ${time.median.toFixed(2)} ms`);
  console.log(`${name} prepare+hunks p95: ${time.p95.toFixed(2)} ms`);
  console.log(`${name} prepare+hunks cpu per run: ${time.cpu.toFixed(2)} ms`);
  console.log(`${name} allocated: ${mb(heap.allocated)} MB`);
  console.log(`${name} retained: ${mb(heap.retained)} MB`);
}

// The approach being replaced: diff the whole old and new texts again.
const prepared = prepareEdit({ text: documentText }, patchCall);
const newText =
  prepared.kind === 'changes' ? applyChanges(documentText, prepared.changes) : documentText;
const rediff = () =>
  structuredPatch('old', 'new', documentText, newText, undefined, undefined, {
    context: 3,
    timeout: 10_000,
  });
const started = performance.now();
rediff();
console.log(
  `jsdiff re-diff of the patch (one run): ${(performance.now() - started).toFixed(1)} ms`,
);
console.log(`jsdiff re-diff allocated: ${mb((await allocatedBytes(rediff)).allocated)} MB`);
// This edit distance is past the Myers step bound, so the diff falls back to anchors;
// the anchored path alone (Myers allowed no steps) is timed below.
const bounded = timeIt(() => boundedLineDiff(documentText, newText));
console.log(`boundedLineDiff of the patch median: ${bounded.median.toFixed(2)} ms`);
console.log(
  `boundedLineDiff of the patch method: ${boundedLineDiff(documentText, newText).method} (name)`,
);
const anchored = timeIt(() => boundedLineDiff(documentText, newText, { myersSteps: 0 }));
console.log(`anchored fallback diff of the patch median: ${anchored.median.toFixed(2)} ms`);
console.log(
  `anchored fallback diff allocated: ${mb((await allocatedBytes(() => boundedLineDiff(documentText, newText, { myersSteps: 0 }))).allocated)} MB`,
);
const hashStarted = performance.now();
await hashText(documentText);
console.log(`hashText of the document: ${(performance.now() - hashStarted).toFixed(2)} ms`);
session.disconnect();
