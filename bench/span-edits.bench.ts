// Span edits: one `replace_lines` or `search_replace` call whose span of 1,000,
// 5,000 or 20,000 lines changes only 50 or 1,500 of them, prepared against a
// 20,000-line document (resolution, limits, diff for review). The rows print the
// +/- counts of the reviewed diff, which should be the changed lines, not the span.
// Also one `patch_document` call with 1,500 scattered one-line fixes.
// Prints median, p90 and allocated heap per row; never fails on time.
import { LineIndex } from '../src/shared/text/line-index';
import type { EditToolCall } from '../src/sites/typst/edit/edit-tool-schemas';
import { prepareEdit } from '../src/sites/typst/edit/prepare-edit';
import { documentLines, withEditedLines } from './support/line-edits';
import { closeMeasure, measure, report } from './support/measure';

const lines = documentLines(20_000);
const text = lines.join('\n');
console.log(`span document: ${lines.length} lines, ${text.length} chars`);

function run(call: EditToolCall): () => unknown {
  return () => prepareEdit({ text }, call);
}

async function row(name: string, call: EditToolCall): Promise<void> {
  let outcome: string;
  try {
    const prepared = prepareEdit({ text }, call);
    outcome =
      prepared.kind === 'changes'
        ? `+${prepared.diff.additions} -${prepared.diff.deletions}, ${prepared.diff.hunks.length} hunks, ${prepared.changes.length} changes`
        : 'no changes';
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    console.log(`${name} result: refused ${code} (info)`);
    return;
  }
  console.log(`${name} result: ${outcome} (info)`);
  report(name, await measure(run(call), { warmup: 3, runs: 15 }));
}

for (const spanLines of [1_000, 5_000, 20_000]) {
  const start = lines.length - spanLines;
  const span = lines.slice(start);
  for (const changed of [50, 1_500]) {
    const edited = withEditedLines(span, changed);
    await row(`span replace_lines ${spanLines}-line span / ${edited.edited} changed lines`, {
      tool: 'replace_lines',
      arguments: {
        start_line: start + 1,
        end_line: lines.length,
        new_content: edited.lines.join('\n'),
      },
    });
    await row(`span search_replace ${spanLines}-line span / ${edited.edited} changed lines`, {
      tool: 'search_replace',
      arguments: { search: span.join('\n'), replace: edited.lines.join('\n') },
    });
  }
}

// Scattered one-line fixes in one call; `unique` searches of one full line each.
const index = new LineIndex(text);
for (const count of [128, 1_500, 2_048]) {
  const fixes = Array.from({ length: count }, (_, fix) => {
    const line = Math.floor(((fix + 0.5) * lines.length) / count) + 1;
    const search = index.lineText(line);
    return { search, replace: `${search} fixed`, unique: true };
  });
  await row(`span patch_document ${count} one-line fixes`, {
    tool: 'patch_document',
    arguments: { edits: fixes },
  });
}
closeMeasure();
