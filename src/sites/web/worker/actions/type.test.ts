import { describe, expect, it } from 'vitest';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import type { ToolDefinition, ToolOutcome } from '../../../../worker/tools/define-tool';
import type { InputSessions } from '../input/debugger-sessions';
import { actContext } from './__fixtures__/act-context';
import type { ActionDeps } from './action-target';
import { setFieldTool } from './set-field.tool';
import { typeTool } from './type.tool';

const PAGE = 'https://forms.example/';
const allowed: AccessFacts = {
  allowed: { always: [{ pattern: 'https://forms.example/*', since: 1, permission: 'requested' }] },
  browserOrigins: ['https://forms.example/*'],
  activeTabs: [],
  browser: 'chromium',
};
const sent: string[] = [];
const sessions: InputSessions = {
  session: async () => ({
    ok: true,
    session: {
      tabId: 1,
      children: () => [],
      onEvent: () => () => undefined,
      send: async (method: string) => (sent.push(method), {}),
    },
  }),
  release: async () => undefined,
};
const deps: ActionDeps = {
  sessions,
  accessFacts: async () => allowed,
  tabUrl: async () => PAGE,
  settle: async () => undefined,
  watchNavigation: () => ({
    started: () => false,
    starts: async () => false,
    arrived: async () => null,
    stop: () => undefined,
  }),
};
const fileInputPage = actContext({
  'web/act-state': () => ({ url: PAGE, focused: null, dialogs: [], element: null, leaving: false }),
  'web/act-locate': () => ({
    status: 'ready',
    target: 'input#resume',
    kind: 'file',
    disabled: false,
    x: 10,
    y: 10,
    coveredBy: null,
  }),
}).context;

async function run(tool: ToolDefinition<unknown>, args: Record<string, unknown>) {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return (await tool.execute(parsed.args, fileInputPage)) as ToolOutcome;
}

describe('type and set_field on a file input', () => {
  it('refuse it without pressing anything, pointing to upload_file', async () => {
    for (const outcome of [
      await run(typeTool(deps) as ToolDefinition<unknown>, { ref: 'e3', text: 'cv.pdf' }),
      await run(setFieldTool(deps) as ToolDefinition<unknown>, { ref: 'e3', value: 'cv.pdf' }),
    ]) {
      expect(outcome).toMatchObject({ ok: false, code: 'INPUT_WRONG_CONTROL' });
      expect(outcome.ok === false && outcome.message).toContain('use upload_file');
    }
    expect(sent.filter((method) => method.startsWith('Input.'))).toEqual([]);
  });
});
