import { describe, expect, it } from 'vitest';
import { diffProblem, seededRandom } from '../../../../test/support/diff-oracle';
import { applyChanges } from '../../../shared/text/text-change';
import type { EditToolCall } from './edit-tool-schemas';
import { prepareEdit } from './prepare-edit';

const documentLines = Array.from(
  { length: 20_000 },
  (_, index) => `= Section ${index}, part ${index % 7}`,
);
const documentText = documentLines.join('\n');

/** The span's lines with every `step`-th one edited. */
function edited(span: readonly string[], step: number): string {
  return span
    .map((line, index) => (index % step === step - 1 ? `${line} (fixed)` : line))
    .join('\n');
}

function prepared(call: EditToolCall, text = documentText) {
  const result = prepareEdit({ text }, call);
  if (result.kind !== 'changes') throw new Error('expected changes');
  expect(diffProblem(text, applyChanges(text, result.changes), result.diff)).toBeUndefined();
  return result;
}

describe('edits over a span that changes only some of its lines', () => {
  it('show replace_lines over 20,000 lines with 50 changed lines as those 50', () => {
    const result = prepared({
      tool: 'replace_lines',
      arguments: { start_line: 1, end_line: 20_000, new_content: edited(documentLines, 400) },
    });
    expect([result.diff.deletions, result.diff.additions]).toEqual([50, 50]);
    expect(result.diff.hunks).toHaveLength(50);
    expect(result.diff.truncatedForDisplay).toBe(false);
    // The change committed is still the one the model asked for.
    expect(result.changes).toHaveLength(1);
  });

  it('show search_replace over a 1,000-line span with 1,000 edited lines minimally too', () => {
    const span = documentLines.slice(5_000, 6_000);
    const result = prepared({
      tool: 'search_replace',
      arguments: {
        search: span.join('\n'),
        replace: edited(span, 2).replace(/^/, 'new first line\n'),
      },
    });
    expect([result.diff.deletions, result.diff.additions]).toEqual([500, 501]);
    expect(result.diff.hunks[0]?.rows[0]).toMatchObject({ kind: 'context', oldLine: 4_998 });
  });

  it('stay exact on a span of a few repeated lines, the hard case for any line diff', () => {
    const random = seededRandom(44);
    const noisy = Array.from({ length: 5_000 }, () => (random() < 0.5 ? 'x' : 'y'));
    const text = noisy.join('\n');
    const replacement = noisy.map((line) => (random() < 0.2 ? 'z' : line)).join('\n');
    const result = prepared(
      {
        tool: 'replace_lines',
        arguments: { start_line: 1, end_line: 5_000, new_content: replacement },
      },
      text,
    );
    expect(result.diff.deletions).toBeLessThan(5_000);
  });
});
