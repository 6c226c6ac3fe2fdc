import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { actContext } from './__fixtures__/act-context';
import { goBackTool, navigateTool } from './navigate.tool';
import type { Destination, NavigationDeps } from './navigation-deps';

function fakeNavigation(arrive: { ok: true; url: string } | { ok: false; message: string }) {
  const went: Destination[] = [];
  const deps: NavigationDeps = {
    tabUrl: async () => 'https://shop.example/cart',
    go: async (_tabId, destination) => {
      went.push(destination);
      return arrive;
    },
  };
  return { deps, went };
}

async function call(tool: ToolDefinition<unknown>, args: unknown, context: unknown) {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return {
    review: await tool.review?.(parsed.args, context as never),
    run: () => tool.execute(parsed.args, context as never),
  };
}

const clean = { 'web/act-unsaved': () => ({ fields: [] }) };
const arrived = { ok: true as const, url: 'https://shop.example/shirts' };

describe('navigate', () => {
  it('goes within the site without asking, and the run follows the tab', async () => {
    const { deps, went } = fakeNavigation(arrived);
    const { context, followed } = actContext({
      ...clean,
      'web/act-facts': () => ({
        control: null,
        linkShown: false,
        url: 'https://shop.example/cart',
      }),
    });
    const navigate = await call(
      navigateTool(deps) as ToolDefinition<unknown>,
      { url: arrived.url },
      context,
    );
    expect(navigate.review).toEqual({ ask: false });
    expect(await navigate.run()).toMatchObject({
      ok: true,
      pageChange: 'navigated',
      result: { url: 'https://shop.example/shirts', from: 'https://shop.example/cart' },
    });
    expect(went).toEqual([{ url: 'https://shop.example/shirts' }]);
    expect(followed).toEqual(['follow']);
  });

  it('asks, with the full address, before going to a site nobody named or linked', async () => {
    const { deps } = fakeNavigation(arrived);
    const url = 'https://attacker.example/?e=ada%40mail.example';
    const { context, calls } = actContext({
      'web/act-facts': () => ({
        control: null,
        linkShown: false,
        url: 'https://shop.example/cart',
      }),
    });
    const navigate = await call(navigateTool(deps) as ToolDefinition<unknown>, { url }, context);
    expect(navigate.review).toMatchObject({
      ask: true,
      effect: `Go to ${url}`,
      destination: url,
      grantKey: 'web:origin:https://attacker.example',
    });
    expect(calls[0]?.payload).toEqual({ ref: null, enter: false, url });
  });

  it('goes to another site the page links to without asking', async () => {
    const { deps } = fakeNavigation(arrived);
    const { context } = actContext({
      'web/act-facts': () => ({ control: null, linkShown: true, url: 'https://shop.example/cart' }),
    });
    const navigate = await call(
      navigateTool(deps) as ToolDefinition<unknown>,
      { url: 'https://help.example/returns' },
      context,
    );
    expect(navigate.review).toEqual({ ask: false });
  });

  it('refuses to leave edits behind unless forced', async () => {
    const { deps, went } = fakeNavigation(arrived);
    const { context } = actContext({
      'web/act-unsaved': () => ({ fields: ['textbox "Review"'] }),
    });
    const tool = navigateTool(deps) as ToolDefinition<unknown>;
    const refused = await (await call(tool, { url: arrived.url }, context)).run();
    expect(refused).toMatchObject({ ok: false, code: 'PAGE_UNSAVED_CHANGES' });
    expect(refused.ok === false && refused.message).toContain('textbox "Review"');
    expect(went).toEqual([]);
    expect(
      await (await call(tool, { url: arrived.url, force: true }, context)).run(),
    ).toMatchObject({
      ok: true,
    });
    expect(went).toHaveLength(1);
  });

  it('refuses an address that is not an absolute web address, and says when the tab did not arrive', async () => {
    const { deps, went } = fakeNavigation({
      ok: false,
      message: 'The page did not finish loading in time.',
    });
    const { context, followed } = actContext(clean);
    const tool = navigateTool(deps) as ToolDefinition<unknown>;
    for (const url of ['/cart', 'javascript:alert(1)', 'file:///etc/passwd']) {
      const attempt = await call(tool, { url }, context);
      expect(attempt.review).toEqual({ ask: false });
      expect(await attempt.run()).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    }
    expect(went).toEqual([]);
    expect(await (await call(tool, { url: arrived.url }, context)).run()).toMatchObject({
      ok: false,
      code: 'NAVIGATION_FAILED',
    });
    expect(followed).toEqual([]);
  });
});

describe('go_back', () => {
  it('goes back through the browser and follows the tab, after the same unsaved check', async () => {
    const { deps, went } = fakeNavigation(arrived);
    const { context, followed } = actContext(clean);
    const back = await call(goBackTool(deps) as ToolDefinition<unknown>, {}, context);
    expect(back.review).toEqual({ ask: false });
    expect(await back.run()).toMatchObject({
      ok: true,
      summary: expect.stringContaining('Went back'),
    });
    expect(went).toEqual(['back']);
    expect(followed).toEqual(['follow']);
  });
});
