// In its own file: the parser's glue module is instantiated once per module graph,
// and each test file gets a fresh graph, so here no earlier test has loaded it. The
// tests run in order: the last one loads it.
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { createTypstSyntaxChecker } from './typst-syntax-checker';
import {
  TYPST_SYNTAX_WASM_PATH,
  nodeTypstSyntax,
} from '../../../../../test/support/typst-syntax-node';
import { editRun } from './__fixtures__/edit-run';

const signal = new AbortController().signal;

describe('createTypstSyntaxChecker loading', () => {
  it('keeps edits reviewable with a note when the parser does not load', async () => {
    const failing = createTypstSyntaxChecker(
      nodeTypstSyntax(() => Promise.reject(new Error('blocked by policy'))),
    );
    const run = editRun('= Results\n#let total = 3\n', failing);
    const outcome = await run.replace(2, 2, '#let total = (3');
    expect(run.reviewEdit).toHaveBeenCalledTimes(1);
    expect(run.page.text).toBe('= Results\n#let total = (3\n');
    expect(outcome.ok && outcome.summary).toBe(
      'Edited main.typ: +1 −1 (reviewed). Syntax check unavailable: the Typst parser did not load (blocked by policy).',
    );
    await run.replace(1, 1, '= Results, again');
    // The person is told once per response; each card still carries the note.
    expect(run.notice).toHaveBeenCalledTimes(1);
    expect(run.notice).toHaveBeenCalledWith(
      'info',
      'Syntax check unavailable: the Typst parser did not load (blocked by policy). Edits are shown without it.',
    );
  });

  it('is unavailable while the wasm does not load, tries again, and checks once it does', async () => {
    let isMissing = true;
    const wasm = vi.fn(() =>
      isMissing ? Promise.reject(new Error('file missing')) : readFile(TYPST_SYNTAX_WASM_PATH),
    );
    const checker = createTypstSyntaxChecker(nodeTypstSyntax(wasm));
    expect(await checker.check('#let x = (', signal)).toEqual({
      kind: 'unavailable',
      reason: 'the Typst parser did not load (file missing).',
    });
    isMissing = false;
    const result = await checker.check('#let x = (', signal);
    expect(result.kind === 'checked' && result.issues.map((issue) => issue.message)).toEqual([
      'unclosed delimiter',
    ]);
    expect(wasm).toHaveBeenCalledTimes(2);
  });
});
