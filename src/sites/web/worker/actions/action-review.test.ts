import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { observed, recordObservation } from '../safety/observations';
import { recordPressed } from '../safety/review-action';
import { actContext, controlView } from './__fixtures__/act-context';
import type { ActionDeps } from './action-target';
import { clickTool } from './click.tool';
import { pressKeysTool } from './press-keys.tool';
import { typeTool } from './type.tool';
import { hoverTool } from './hover.tool';
import { setCheckedTool } from './set-checked.tool';

// The reviews read the page only; nothing here presses.
const deps = {} as ActionDeps;
const PAGE = 'https://shop.example/checkout';

async function review(tool: ToolDefinition<unknown>, args: unknown, context: unknown) {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool.review!(parsed.args, context as never);
}

const click = clickTool(deps) as ToolDefinition<unknown>;
const type = typeTool(deps) as ToolDefinition<unknown>;
const pressKeys = pressKeysTool(deps) as ToolDefinition<unknown>;

describe('the web actions\u2019 reviews', () => {
  it('ask before clicking an order button, with its price, and allow that kind for the run', async () => {
    const { context, calls } = actContext({
      'web/act-facts': () => ({
        control: controlView({
          name: 'Place order',
          submitsForm: true,
          formMethod: 'post',
          price: '$129.00',
        }),
        linkShown: false,
        url: PAGE,
      }),
    });
    expect(await review(click, { ref: 'e12' }, context)).toEqual({
      ask: true,
      effect: "Click 'Place order' on shop.example \u2014 $129.00",
      reason: 'It looks like it places an order or buys something.',
      destination: '',
      grantKey: 'web:consequential:buy',
    });
    expect(calls).toEqual([
      { method: 'web/act-facts', payload: { ref: 12, enter: false, url: null } },
    ]);
  });

  it('click a plain button without asking', async () => {
    const { context } = actContext({
      'web/act-facts': () => ({ control: controlView(), linkShown: false, url: PAGE }),
    });
    expect(await review(click, { ref: 'e3' }, context)).toEqual({ ask: false });
  });

  it('refuse a ref that names nothing, or is not a ref, without a card', async () => {
    const { context } = actContext({
      'web/act-facts': () => ({ control: null, linkShown: false, url: PAGE }),
    });
    expect(await review(click, { ref: 'e99' }, context)).toMatchObject({
      ask: 'refused',
      outcome: { ok: false, code: 'PAGE_REF_NOT_FOUND' },
    });
    expect(await review(click, { ref: 'Buy' }, context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'PAGE_REF_INVALID' },
    });
  });

  it('pass on the page\u2019s refusal', async () => {
    const { context } = actContext({});
    expect(await review(click, { ref: 'e1' }, context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'PAGE_UNAVAILABLE' },
    });
  });

  it('ask before typing text read on another site, and not for the person\u2019s own words', async () => {
    const { context, state } = actContext({
      'web/act-facts': () => ({
        control: controlView({ role: 'textbox', name: 'Email' }),
        linkShown: false,
        url: PAGE,
      }),
    });
    recordObservation(state, 'https://mail.example', { text: 'Signed in as ada@mail.example' });
    expect(await review(type, { ref: 'e5', text: 'ada@mail.example' }, context)).toMatchObject({
      ask: true,
      grantKey: null,
      reason: expect.stringContaining('mail.example'),
    });
    expect(await review(type, { ref: 'e5', text: 'red shirt' }, context)).toEqual({ ask: false });
  });

  it('ask before Enter submits a form that posts, reading the focused element', async () => {
    const { context, calls } = actContext({
      'web/act-facts': () => ({
        control: controlView({
          role: 'textbox',
          name: 'Comment',
          submitsForm: true,
          formMethod: 'post',
        }),
        linkShown: false,
        url: PAGE,
      }),
    });
    expect(await review(pressKeys, { keys: ['Tab', 'Enter'] }, context)).toMatchObject({
      ask: true,
      effect: "Press Enter in 'Comment' on shop.example",
    });
    expect(calls[0]?.payload).toEqual({ ref: null, enter: true, url: null });
    expect(await review(pressKeys, { keys: ['Space'] }, context)).toMatchObject({
      ask: true,
      effect: "Press Space on 'Comment' on shop.example",
    });
  });

  it('press keys that neither press nor submit without reading the page', async () => {
    const { context, calls } = actContext({});
    expect(
      await review(pressKeys, { keys: ['Escape', 'ArrowDown', 'Shift+Tab'] }, context),
    ).toEqual({
      ask: false,
    });
    expect(calls).toEqual([]);
  });
});

describe('the duplicate-submit guard', () => {
  it('asks before a second click on the same submit button of the same page, not before the first', async () => {
    const { context, state } = actContext({
      'web/act-facts': () => ({
        control: controlView({ name: 'Save changes' }),
        linkShown: false,
        url: PAGE,
      }),
    });
    expect(await review(click, { ref: 'e4' }, context)).toEqual({ ask: false });
    // Reviewed but never pressed (denied, or it failed before pressing): no repeat.
    expect(await review(click, { ref: 'e4' }, context)).toEqual({ ask: false });
    recordPressed(context);
    expect(state.presses).toMatchObject([{ url: PAGE, role: 'button', name: 'Save changes' }]);
    expect(await review(click, { ref: 'e4' }, context)).toMatchObject({
      ask: true,
      effect: "Click 'Save changes' on shop.example",
      grantKey: null,
      reason: expect.stringContaining('again'),
    });
  });

  it('records nothing, and does not fail, for a caller without run state (a probe)', () => {
    expect(() => recordPressed({ callId: 'probe' } as never)).not.toThrow();
  });

  it('remembers only presses that landed, and forgets them after 45 s', async () => {
    const { context, state } = actContext({
      'web/act-facts': () => ({
        control: controlView({ name: 'Create issue' }),
        linkShown: false,
        url: PAGE,
      }),
    });
    recordPressed(context);
    expect(state.presses).toEqual([]);
    await review(click, { ref: 'e4' }, context);
    recordPressed(context, Date.now() - 46_000);
    expect(await review(click, { ref: 'e4' }, context)).toEqual({ ask: false });
  });
});

describe('the other actions’ reviews', () => {
  it('ask before checking a box that agrees to a purchase by its name, and never for a hover', async () => {
    const { context } = actContext({
      'web/act-facts': () => ({
        control: controlView({ role: 'checkbox', name: 'Buy now with one click' }),
        linkShown: false,
        url: PAGE,
      }),
    });
    const setChecked = setCheckedTool(deps) as ToolDefinition<unknown>;
    expect(await review(setChecked, { ref: 'e2', checked: true }, context)).toMatchObject({
      ask: true,
      effect: "Check 'Buy now with one click' on shop.example",
    });
    const hover = hoverTool(deps) as ToolDefinition<unknown>;
    expect(await review(hover, { ref: 'e2' }, context)).toEqual({ ask: false });
  });
});

describe('observed', () => {
  it('records what a successful result carried, with the origin of the tab\u2019s page', async () => {
    const { context, state } = actContext({});
    const reader = observed(
      {
        ...click,
        execute: async () => ({
          ok: true,
          result: { page: ['Hello', { code: '884213' }] },
          summary: '',
        }),
      },
      async () => 'https://mail.example/inbox',
    );
    await reader.execute({ ref: 'e1' }, context);
    expect(state.observations).toEqual([{ origin: 'https://mail.example', text: 'Hello\n884213' }]);
    const failing = observed(
      { ...click, execute: async () => ({ ok: false, code: 'TOOL_FAILED', message: 'no' }) },
      async () => 'https://other.example/',
    );
    await failing.execute({ ref: 'e1' }, context);
    expect(state.observations).toHaveLength(1);
  });
});
