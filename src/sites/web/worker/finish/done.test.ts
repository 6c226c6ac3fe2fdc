import { describe, expect, it } from 'vitest';
import { actContext } from '../actions/__fixtures__/act-context';
import { doneTool } from './done.tool';
import { describeActivity } from '../../../../worker/tools/define-tool';

const URL = 'https://tracker.example/issues/42';

function page(dialogs: () => string[], fields: () => string[] = () => []) {
  return actContext({
    'web/act-state': () => ({
      url: URL,
      focused: null,
      dialogs: dialogs(),
      element: null,
      leaving: false,
    }),
    'web/act-unsaved': () => ({ fields: fields() }),
  });
}

async function done(context: unknown, args: unknown) {
  const parsed = doneTool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return doneTool.execute(parsed.args, context as never);
}

describe('done', () => {
  it('is blocked while a dialog is open, and passes once it is closed', async () => {
    let open = ['dialog "Discard changes?"'];
    const { context, state } = page(() => open);
    const blocked = await done(context, { summary: 'Created the issue.', outcome: 'success' });
    expect(blocked).toMatchObject({ ok: false, code: 'DONE_UNVERIFIED' });
    expect(blocked.ok === false && blocked.message).toContain('Discard changes?');
    expect(state.doneBlocks).toBe(1);
    open = [];
    const passed = await done(context, { summary: 'Created the issue.', outcome: 'success' });
    expect(passed).toMatchObject({ ok: true, result: { finished: true, outcome: 'success' } });
    expect(describeActivity(doneTool, { summary: 'x', outcome: 'success' }, passed)).toBe('Done');
  });

  it('is blocked at most twice, then goes through with a note saying what the page showed', async () => {
    const { context } = page(
      () => [],
      () => ['textbox "Title"'],
    );
    const args = { summary: 'Saved.', outcome: 'success' };
    expect(await done(context, args)).toMatchObject({ code: 'DONE_UNVERIFIED' });
    expect(await done(context, args)).toMatchObject({ code: 'DONE_UNVERIFIED' });
    const third = await done(context, args);
    expect(third).toMatchObject({ ok: true, result: { note: expect.stringContaining('Title') } });
  });

  it('does not check a failed outcome against the page, and passes when the page cannot answer', async () => {
    const { context } = page(() => ['dialog "Error"']);
    expect(await done(context, { summary: 'The site refused.', outcome: 'failed' })).toMatchObject({
      ok: true,
    });
    const unreachable = actContext({});
    expect(
      await done(unreachable.context, { summary: 'Saved.', outcome: 'success' }),
    ).toMatchObject({ ok: true, result: { note: 'The page could not be checked.' } });
  });

  it('refuses malformed arguments', () => {
    expect(doneTool.parseArguments({ summary: '', outcome: 'success' }).ok).toBe(false);
    expect(doneTool.parseArguments({ summary: 'x', outcome: 'maybe' }).ok).toBe(false);
    expect(doneTool.parseArguments({ summary: 'x' }).ok).toBe(false);
  });
});
