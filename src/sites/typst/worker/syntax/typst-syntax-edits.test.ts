import { describe, expect, it, vi } from 'vitest';
import { createTypstSyntaxChecker } from './typst-syntax-checker';
import { nodeTypstSyntax } from '../../../../../test/support/typst-syntax-node';
import { editRun } from './__fixtures__/edit-run';

const DOCUMENT = '= Results\n#let total = 3\nWe measured #total runs.\n';
const checker = () => createTypstSyntaxChecker(nodeTypstSyntax());

describe('typst edits checked by the Typst parser before review', () => {
  it('sends an edit that adds a syntax error back to the model, with line and column', async () => {
    const run = editRun(DOCUMENT, checker());
    const outcome = await run.replace(2, 2, '#let total = (3');
    if (outcome.ok) throw new Error('the edit was not sent back');
    expect(outcome.code).toBe('EDIT_SYNTAX_ERROR');
    expect(outcome.details?.['returns_left']).toBe(1);
    // The unclosed parenthesis swallows the next line, so more errors follow the first.
    const errors = outcome.details?.['syntax_errors'] as unknown[];
    expect(errors[0]).toEqual({ line: 2, column: 14, message: 'unclosed delimiter', hints: [] });
    expect(outcome.message).toContain('line 2, column 14: unclosed delimiter');
    expect(run.reviewEdit).not.toHaveBeenCalled();
    expect(run.page.commits).toBe(0);
  });

  it('shows the corrected edit with a note that a syntax error was fixed before review', async () => {
    const run = editRun(DOCUMENT, checker());
    await run.replace(2, 2, '#let total = (3');
    const outcome = await run.replace(2, 2, '#let total = (3)');
    expect(run.reviewEdit).toHaveBeenCalledTimes(1);
    expect(run.page.text).toBe('= Results\n#let total = (3)\nWe measured #total runs.\n');
    expect(outcome.ok && outcome.summary).toBe(
      'Edited main.typ: +1 −1 (reviewed). Fixed 1 syntax error before review.',
    );
  });

  it('lets an edit through that leaves an existing syntax error where it was', async () => {
    const broken = '= Draft\n#let x = (\nSome text.\n';
    const run = editRun(broken, checker());
    const outcome = await run.replace(1, 1, '= Final draft');
    expect(outcome.ok && outcome.summary).toBe('Edited main.typ: +1 −1 (reviewed).');
    expect(run.page.text).toBe('= Final draft\n#let x = (\nSome text.\n');
  });

  it('returns at most twice per response, then shows the edit with what is still wrong', async () => {
    const run = editRun(DOCUMENT, checker());
    expect((await run.replace(2, 2, '#let total = (3')).ok).toBe(false);
    expect((await run.replace(2, 2, '#let total = [3')).ok).toBe(false);
    const third = await run.replace(3, 3, '#let y = {3');
    expect(run.reviewEdit).toHaveBeenCalledTimes(1);
    expect(third).toMatchObject({
      ok: true,
      result: { syntax_errors_added: [{ line: 3, column: 10, message: 'unclosed delimiter' }] },
    });
    const note =
      'Shown with 1 syntax error the model did not fix: line 3, column 10: unclosed delimiter.';
    expect(third.ok && third.summary).toBe(`Edited main.typ: +1 −1 (reviewed). ${note}`);
    expect(run.notice).toHaveBeenCalledWith('warning', note);
  });

  it('applies in Auto mode only after the model fixed its edit', async () => {
    const run = editRun(DOCUMENT, checker(), 'auto');
    expect((await run.replace(3, 3, 'We measured #(total runs.')).ok).toBe(false);
    expect(run.page.commits).toBe(0);
    const fixed = await run.replace(3, 3, 'We measured #(total) runs.');
    expect(fixed.ok && fixed.summary).toBe(
      'Edited main.typ: +1 −1. Fixed 1 syntax error before applying.',
    );
    expect(run.page.commits).toBe(1);
    expect(vi.isMockFunction(run.reviewEdit)).toBe(true);
  });
});
