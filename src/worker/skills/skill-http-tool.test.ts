import { describe, expect, it } from 'vitest';
import { checkSchemaSubset } from '../tools/schema-subset';
import { fakeFetch, json, toolContext } from './__fixtures__/fake-fetch';
import { createSkillHttpTool } from './skill-http-tool';
import { parseSkillManifest, type SkillHttpTool } from './skill-manifest';

const owner = { id: 'skill-1', name: 'Word helper' };

function httpTool(extra: Record<string, unknown> = {}): SkillHttpTool {
  const parsed = parseSkillManifest({
    version: 1,
    tools: [
      {
        kind: 'http',
        name: 'lookup_word',
        description: 'Look up a word.',
        endpoint: 'https://dictionary.example/api/{word}',
        arguments: {
          type: 'object',
          properties: {
            word: { type: 'string' },
            lang: { type: 'string' },
            source: { type: 'string' },
            pageUrl: { type: 'string' },
          },
          required: ['word'],
        },
        ...extra,
      },
    ],
  });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.manifest.tools[0] as SkillHttpTool;
}

const argsOf = (tool: ReturnType<typeof createSkillHttpTool>, value: unknown) => {
  const parsed = tool.parseArguments(value);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.args;
};

describe('createSkillHttpTool', () => {
  it('GETs the declared address without credentials and wraps the answer as untrusted', async () => {
    const net = fakeFetch(() => json({ meaning: 'a small bird' }));
    const tool = createSkillHttpTool(owner, httpTool(), net);
    expect(tool).toMatchObject({ effect: 'external', approval: 'external-approval' });
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
    const outcome = await tool.execute(argsOf(tool, { word: 'wren', lang: 'en' }), toolContext());
    expect(net.requests).toHaveLength(1);
    expect(net.requests[0]!.url).toBe('https://dictionary.example/api/wren?lang=en');
    expect(net.requests[0]!.init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      redirect: 'manual',
    });
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        untrusted_skill_result: {
          source: 'https://dictionary.example',
          content: { meaning: 'a small bird' },
        },
      },
    });
  });

  it('keeps a path argument inside its segment', async () => {
    const net = fakeFetch(() => json({}));
    const tool = createSkillHttpTool(owner, httpTool(), net);
    await tool.execute(argsOf(tool, { word: '../../admin?x=1' }), toolContext());
    expect(net.requests[0]!.url).toBe('https://dictionary.example/api/..%2F..%2Fadmin%3Fx%3D1');
  });

  it('POSTs the arguments as JSON', async () => {
    const net = fakeFetch(() => json({ ok: true }));
    const tool = createSkillHttpTool(owner, httpTool({ method: 'POST' }), net);
    await tool.execute(argsOf(tool, { word: 'wren', lang: 'en' }), toolContext());
    expect(net.requests[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(net.requests[0]!.init.body))).toEqual({ lang: 'en' });
  });

  it('refuses a redirect and names no target it did not see', async () => {
    const net = fakeFetch(
      () => new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }),
    );
    const tool = createSkillHttpTool(owner, httpTool(), net);
    const outcome = await tool.execute(argsOf(tool, { word: 'wren' }), toolContext());
    expect(outcome).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
  });

  it('fills the active tab address itself and hides that argument from the model', async () => {
    const net = fakeFetch(() => json({}));
    const tool = createSkillHttpTool(owner, httpTool({ activeTabUrlArg: 'pageUrl' }), net);
    expect(Object.keys(tool.inputSchema['properties'] as object)).not.toContain('pageUrl');
    await tool.execute(argsOf(tool, { word: 'wren' }), toolContext('https://shop.example/a'));
    expect(new URL(net.requests[0]!.url).searchParams.get('pageUrl')).toBe(
      'https://shop.example/a',
    );
  });

  it('holds URL-like arguments to their allowlist and sends nothing otherwise', async () => {
    const net = fakeFetch(() => json({}));
    const tool = createSkillHttpTool(
      owner,
      httpTool({ allowlists: { source: ['https://wiki.example/'] } }),
      net,
    );
    const denied = await tool.execute(
      argsOf(tool, { word: 'wren', source: 'https://wiki.example.evil.test/x' }),
      toolContext(),
    );
    expect(denied).toMatchObject({ ok: false, code: 'SKILL_ARGUMENT_NOT_ALLOWED' });
    expect(net.requests).toHaveLength(0);
    const allowed = await tool.execute(
      argsOf(tool, { word: 'wren', source: 'https://wiki.example/Wren' }),
      toolContext(),
    );
    expect(allowed.ok).toBe(true);
  });

  it('reports HTTP errors and malformed arguments with codes', async () => {
    const net = fakeFetch(() => json({ error: 'down' }, 503));
    const tool = createSkillHttpTool(owner, httpTool(), net);
    const outcome = await tool.execute(argsOf(tool, { word: 'wren' }), toolContext());
    expect(outcome).toMatchObject({ ok: false, code: 'CUSTOM_HTTP_ERROR' });
    expect(tool.parseArguments('{"word": 3}').ok).toBe(false);
  });

  it('stops with the run signal', async () => {
    const controller = new AbortController();
    const net = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          if (init.signal?.aborted) reject(init.signal.reason);
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const tool = createSkillHttpTool(owner, httpTool(), net);
    const pending = tool.execute(
      argsOf(tool, { word: 'wren' }),
      toolContext(undefined, controller.signal),
    );
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, code: 'CANCELLED' });
  });
});
