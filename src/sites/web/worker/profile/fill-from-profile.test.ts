import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../shared/protocol/profile-messages';
import { serializeOutcome } from '../../../../worker/agent/tool-results';
import type { ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { actContext, controlView } from '../actions/__fixtures__/act-context';
import { asksForProfileFill, fillFromProfileTool } from './fill-from-profile.tool';

const SECRET_ZIP = '10115-ZIP';
const SECRET_CITY = 'Berlin-Mitte';
const PAGE = 'https://shop.example/checkout';

function setup(view: ProfileView, typed: ToolOutcome | null = null) {
  let current = view;
  const typedCalls: { ref: string; text: string }[] = [];
  const tool = fillFromProfileTool({
    profile: { view: async () => current },
    typeText: async (_context, request) => {
      typedCalls.push(request);
      // The typing path reports what changed on the page, the value included.
      return (
        typed ?? {
          ok: true,
          result: {
            done: `Set ${request.ref}.`,
            changes: { element: [{ value: { from: '', to: request.text } }] },
          },
          summary: `Set ${request.ref}`,
          pageChange: 'changed',
        }
      );
    },
  });
  const { context, calls } = actContext({
    'web/act-facts': (payload: { ref: number }) => ({
      control:
        payload.ref === 99 ? null : controlView({ role: 'textbox', name: `Field ${payload.ref}` }),
      linkShown: false,
      url: PAGE,
    }),
  });
  return {
    tool,
    context,
    calls,
    typedCalls,
    lock: () => (current = { state: 'locked', entries: [] }),
  };
}

const UNLOCKED: ProfileView = {
  state: 'unlocked',
  entries: [
    { key: 'shipping.postal_code', value: SECRET_ZIP },
    { key: 'shipping.city', value: SECRET_CITY },
  ],
};

const args = (tool: ReturnType<typeof fillFromProfileTool>, value: unknown) => {
  const parsed = tool.parseArguments(value);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.args;
};

describe('fill_from_profile', () => {
  it('asks with the values on the card, types them, and tells the model only the entry keys', async () => {
    const { tool, context, typedCalls } = setup(UNLOCKED);
    const input = args(tool, {
      fills: [
        { ref: 'e12', entry: 'shipping.postal_code' },
        { ref: 'e13', entry: 'shipping.city' },
      ],
    });
    const review = await tool.review!(input, context);
    expect(review).toMatchObject({ ask: true, grantKey: null });
    if (review.ask !== true) throw new Error('expected a card');
    expect(review.detail).toBe(
      `shipping.postal_code: ${SECRET_ZIP}\nshipping.city: ${SECRET_CITY}`,
    );
    expect(review.effect).toContain("'Field 12' with your shipping.postal_code");
    const outcome = await tool.execute(input, context);
    expect(typedCalls).toEqual([
      { ref: 'e12', text: SECRET_ZIP },
      { ref: 'e13', text: SECRET_CITY },
    ]);
    expect(outcome).toMatchObject({ ok: true, pageChange: 'changed' });
    const toModel = serializeOutcome(outcome);
    expect(toModel).toContain('e12 filled with profile entry shipping.postal_code');
    expect(toModel).not.toContain(SECRET_ZIP);
    expect(toModel).not.toContain(SECRET_CITY);
    expect(tool.activity!(input, outcome)).not.toContain(SECRET_ZIP);
  });

  it('refuses without a card when locked, unset, or the entry or ref is unknown', async () => {
    const unknown = setup(UNLOCKED);
    const missing = await unknown.tool.review!(
      args(unknown.tool, { fills: [{ ref: 'e12', entry: 'billing.iban' }] }),
      unknown.context,
    );
    expect(missing).toMatchObject({ ask: 'refused', outcome: { code: 'PROFILE_ENTRY_NOT_FOUND' } });
    const text = JSON.stringify(missing);
    expect(text).toContain('shipping.city');
    expect(text).not.toContain(SECRET_CITY);
    const gone = await unknown.tool.review!(
      args(unknown.tool, { fills: [{ ref: 'e99', entry: 'shipping.city' }] }),
      unknown.context,
    );
    expect(gone).toMatchObject({ ask: 'refused', outcome: { code: 'PAGE_REF_NOT_FOUND' } });
    const locked = setup({ state: 'locked', entries: [] });
    const input = args(locked.tool, { fills: [{ ref: 'e12', entry: 'shipping.city' }] });
    expect(await locked.tool.review!(input, locked.context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'PROFILE_LOCKED', message: expect.stringContaining('unlock it') },
    });
    const none = setup({ state: 'none', entries: [] });
    expect(await none.tool.review!(input, none.context)).toMatchObject({
      outcome: { code: 'PROFILE_NOT_SET' },
    });
  });

  it('types nothing when the profile was locked while the card waited', async () => {
    const { tool, context, typedCalls, lock } = setup(UNLOCKED);
    const input = args(tool, { fills: [{ ref: 'e12', entry: 'shipping.city' }] });
    expect((await tool.review!(input, context)).ask).toBe(true);
    lock();
    expect(await tool.execute(input, context)).toMatchObject({ ok: false, code: 'PROFILE_LOCKED' });
    expect(typedCalls).toEqual([]);
  });

  it('reports a field the page did not take, with what was filled before it, and no value', async () => {
    const refused: ToolOutcome = {
      ok: false,
      code: 'INPUT_NOT_ACCEPTED',
      message: 'The page did not take the text.',
      details: { changes: SECRET_CITY },
    };
    const { tool, context } = setup(UNLOCKED, refused);
    const outcome = await tool.execute(
      args(tool, { fills: [{ ref: 'e13', entry: 'shipping.city' }] }),
      context as ToolRunContext,
    );
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_NOT_ACCEPTED' });
    expect(serializeOutcome(outcome)).not.toContain(SECRET_CITY);
  });

  it('has a bounded schema in the subset, offered when the person talks about forms', () => {
    const { tool } = setup(UNLOCKED);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
    expect(tool.parseArguments({ fills: [] }).ok).toBe(false);
    expect(
      tool.parseArguments({
        fills: Array.from({ length: 21 }, () => ({ ref: 'e1', entry: 'name' })),
      }).ok,
    ).toBe(false);
    expect(tool.parseArguments({ ref: 'e1', entry: 'name' }).ok).toBe(false);
    expect(asksForProfileFill(['Fill the checkout form with my shipping address'])).toBe(true);
    expect(asksForProfileFill(['Summarize this article'])).toBe(false);
  });
});
