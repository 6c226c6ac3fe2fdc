import { describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../../../../worker/tools/define-tool';
import type { FindElementAnswer } from '../../methods/find-methods';
import { actionTarget, hasOneTarget, resolveTarget, reviewTarget } from './resolve-target';
import { clickTool } from './click.tool';

/** A run context whose page answers `web/act-find` with each answer in turn. */
function pageAnswering(...answers: FindElementAnswer[]) {
  const asked: unknown[] = [];
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    page: {
      request: async (method: string, payload: unknown) => {
        expect(method).toBe('web/act-find');
        asked.push(payload);
        return { ok: true, data: answers.shift() };
      },
    },
  } as unknown as ToolRunContext;
  return { context, asked };
}

describe('naming an element without a ref', () => {
  it('takes exactly one of ref, label or selector, none blank', () => {
    expect(hasOneTarget({ ref: 'e1' })).toBe(true);
    expect(hasOneTarget({ label: 'Save', match: 'prefix' })).toBe(true);
    expect(hasOneTarget({ selector: '#save' })).toBe(true);
    expect(hasOneTarget({})).toBe(false);
    expect(hasOneTarget({ ref: 'e1', label: 'Save' })).toBe(false);
    expect(hasOneTarget({ label: '  ' })).toBe(false);
    expect(hasOneTarget({ ref: 'e1', match: 'contains' })).toBe(false);
    expect(hasOneTarget({ x: 10, y: 20 })).toBe(true);
    expect(hasOneTarget({ x: 10 })).toBe(false);
    expect(hasOneTarget({ x: 10, y: 20, label: 'Save' })).toBe(false);
    const click = clickTool({} as never);
    expect(click.parseArguments({ label: 'Save', selector: 'button' })).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
    expect(click.parseArguments({ label: 'Save' }).ok).toBe(true);
    expect(click.parseArguments({ ref: 'e1' }).ok).toBe(true);
  });

  it('asks the page for the label with its match, and names the found element by ref', async () => {
    const { context, asked } = pageAnswering({ status: 'found', ref: 12 });
    expect(await resolveTarget({ label: 'Check out', match: 'prefix' }, context)).toEqual({
      ref: 'e12',
    });
    expect(asked).toEqual([{ by: 'text', text: 'Check out', match: 'prefix' }]);
    const point = pageAnswering({ status: 'found', ref: 5 });
    expect(await resolveTarget({ x: 30.4, y: 12 }, point.context)).toEqual({ ref: 'e5' });
    expect(point.asked).toEqual([{ by: 'point', x: 30.4, y: 12 }]);
    const given = pageAnswering();
    expect(await resolveTarget({ ref: 'f2:e7' }, given.context)).toEqual({ ref: 'f2:e7' });
    expect(given.asked).toEqual([]);
  });

  it('refuses several matches with their refs, and says when none or the selector is wrong', async () => {
    const { context } = pageAnswering(
      {
        status: 'ambiguous',
        count: 1_000,
        capped: true,
        candidates: [
          { ref: 3, role: 'button', name: 'Add', where: 'dialog "New item"' },
          { ref: 9, role: 'link', name: 'Add', where: '' },
        ],
      },
      { status: 'none', hidden: 2 },
      { status: 'invalid', message: 'bad selector' },
    );
    const several = await resolveTarget({ label: 'Add' }, context);
    expect(several).toMatchObject({ ok: false, code: 'PAGE_TARGET_AMBIGUOUS' });
    expect('message' in several && several.message).toBe(
      'At least 1000 visible elements are labelled "Add", so nothing was done. Pick one by its ref: e3 button "Add" in dialog "New item"; e9 link "Add"; ….',
    );
    const none = await resolveTarget({ selector: '.buy' }, context);
    expect(none).toMatchObject({ ok: false, code: 'PAGE_TARGET_NOT_FOUND' });
    expect('message' in none && none.message).toContain('(2 hidden ones match)');
    expect(await resolveTarget({ selector: 'x[' }, context)).toMatchObject({
      code: 'PAGE_SELECTOR_INVALID',
      message: 'bad selector',
    });
  });

  it('presses only the element the review found', async () => {
    const same = pageAnswering({ status: 'found', ref: 4 }, { status: 'found', ref: 4 });
    const reviewOf = async (ref: string) => ({ ask: true, effect: ref, reason: '' }) as never;
    expect(await reviewTarget({ label: 'Pay' }, same.context, reviewOf)).toMatchObject({
      effect: 'e4',
    });
    expect(await actionTarget({ label: 'Pay' }, same.context)).toEqual({ ref: 'e4' });
    const swapped = pageAnswering({ status: 'found', ref: 4 }, { status: 'found', ref: 8 });
    await reviewTarget({ label: 'Pay' }, swapped.context, reviewOf);
    expect(await actionTarget({ label: 'Pay' }, swapped.context)).toMatchObject({
      ok: false,
      code: 'INPUT_TARGET_MOVING',
    });
    // Held once: the next call of the same id starts afresh.
    const again = pageAnswering({ status: 'found', ref: 8 });
    expect(await actionTarget({ label: 'Pay' }, again.context)).toEqual({ ref: 'e8' });
  });
});
