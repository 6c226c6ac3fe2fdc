import { describe, expect, it } from 'vitest';
import { parseResultFormat } from '../../../../shared/result-format/parse-format';
import { createRunResult } from '../../../../worker/agent/result/run-result';
import type { ToolRunContext } from '../../../../worker/tools/define-tool';
import { actContext } from '../actions/__fixtures__/act-context';
import { doneJsonTool } from './done-json.tool';

function withBook(mode: 'ask' | 'act', dialogs: string[] = []) {
  const parsed = parseResultFormat('[name, price:number]');
  if (!parsed.ok) throw new Error(parsed.message);
  const recorded: string[] = [];
  const book = createRunResult(parsed.format, (json) => recorded.push(json));
  const { context, calls } = actContext({
    'web/act-state': () => ({
      url: 'https://shop.example/list',
      focused: null,
      dialogs,
      element: null,
      leaving: false,
    }),
    'web/act-unsaved': () => ({ fields: [] }),
  });
  const full = {
    ...context,
    result: book,
    runStart: { modelId: 'm', agentMode: mode },
  } as ToolRunContext;
  return { context: full, recorded, calls };
}

async function call(context: ToolRunContext, args: unknown) {
  const parsed = doneJsonTool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return doneJsonTool.execute(parsed.args, context);
}

describe('done_json', () => {
  it('hands back data in the format and records it; in Ask it asks nothing of the page', async () => {
    const { context, recorded, calls } = withBook('ask');
    const data = [{ name: 'Kettle', price: 24.5 }];
    const outcome = await call(context, { summary: 'Listed 1 product.', outcome: 'success', data });
    expect(outcome).toMatchObject({ ok: true, result: { finished: true, data_accepted: true } });
    expect(JSON.parse(recorded[0]!)).toEqual(data);
    expect(calls).toHaveLength(0);
  });

  it('sends wrong data back with its paths and tries left, then gives up', async () => {
    const { context, recorded } = withBook('ask');
    const wrong = {
      summary: 'Listed.',
      outcome: 'success',
      data: [{ name: 'Kettle', price: '24' }],
    };
    const first = await call(context, wrong);
    expect(first).toMatchObject({ ok: false, code: 'RESULT_INVALID' });
    expect(first.ok === false && first.message).toContain('$[0].price');
    expect(first.ok === false && first.message).toContain('2 tries left');
    await call(context, wrong);
    const last = await call(context, wrong);
    expect(last).toMatchObject({ ok: false, code: 'RESULT_GAVE_UP' });
    expect(recorded).toHaveLength(0);
  });

  it('asks for the data when a success comes without it, and lets a failure go without', async () => {
    const { context } = withBook('ask');
    expect(await call(context, { summary: 'Done.', outcome: 'success' })).toMatchObject({
      ok: false,
      code: 'RESULT_INVALID',
    });
    expect(await call(context, { summary: 'The shop was down.', outcome: 'failed' })).toMatchObject(
      { ok: true, result: { data_accepted: false } },
    );
  });

  it('in Act holds a success back while the page shows a dialog, before looking at the data', async () => {
    const { context, recorded } = withBook('act', ['dialog "Confirm order"']);
    const data = [{ name: 'Kettle', price: 24.5 }];
    const held = await call(context, { summary: 'Listed.', outcome: 'success', data });
    expect(held).toMatchObject({ ok: false, code: 'DONE_UNVERIFIED' });
    expect(recorded).toHaveLength(0);
  });

  it('refuses to run where the message asked for no JSON', async () => {
    const { context } = actContext({});
    expect(await call(context, { summary: 'x', outcome: 'success', data: 1 })).toMatchObject({
      ok: false,
      code: 'SITE_FEATURE_UNAVAILABLE',
    });
  });
});
