// Line diffs of two whole texts related by no known change list (the snapshot
// restore preview): from the two raw strings to complete unified hunks. Documents of
// 1,000, 5,000 and 20,000 lines with 1, 50 and 1,500 scattered one-line changes, and
// the hostile pair of two different 1 MiB single-line texts.
// Prints median, p90 and allocated heap per row, and the +/- counts of the result so
// a faster but less minimal diff shows; never fails on time.
import { boundedLineDiff } from '../src/shared/text/bounded-line-diff';
import { documentLines, withScatteredChanges } from './support/line-edits';
import { closeMeasure, measure, report } from './support/measure';

for (const lineCount of [1_000, 5_000, 20_000]) {
  const lines = documentLines(lineCount);
  const oldText = lines.join('\n');
  for (const changes of [1, 50, 1_500]) {
    const newText = withScatteredChanges(lines, changes).join('\n');
    const diff = boundedLineDiff(oldText, newText);
    console.log(
      `line diff ${lineCount} lines / ${changes} changes result: +${diff.additions} -${diff.deletions}, ${diff.hunks.length} hunks, ${diff.method} (info)`,
    );
    const counts = lineCount >= 20_000 ? { warmup: 3, runs: 11 } : { warmup: 5, runs: 21 };
    report(
      `line diff ${lineCount} lines / ${changes} changes`,
      await measure(() => boundedLineDiff(oldText, newText), counts),
    );
  }
}

// Two single-line texts of 1 MiB that differ everywhere: one deleted and one
// inserted row, whatever the algorithm, in bounded time.
const left = 'a'.repeat(1_048_576);
const right = 'b'.repeat(1_048_576);
const single = boundedLineDiff(left, right);
console.log(
  `line diff two 1 MiB single lines result: +${single.additions} -${single.deletions}, ${single.method} (info)`,
);
report(
  'line diff two 1 MiB single lines',
  await measure(() => boundedLineDiff(left, right), { warmup: 2, runs: 7 }),
);

// Two 20,000-line texts with no line in common: the worst case for any line diff.
const unrelatedOld = documentLines(20_000).join('\n');
const unrelatedNew = documentLines(20_000)
  .map((line) => `${line}!`)
  .join('\n');
const unrelated = boundedLineDiff(unrelatedOld, unrelatedNew);
console.log(
  `line diff 20000 lines, nothing in common result: +${unrelated.additions} -${unrelated.deletions}, ${unrelated.method} (info)`,
);
report(
  'line diff 20000 lines, nothing in common',
  await measure(() => boundedLineDiff(unrelatedOld, unrelatedNew), { warmup: 2, runs: 7 }),
);
closeMeasure();
