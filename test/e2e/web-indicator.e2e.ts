// The mark on the tab the agent acts in, through the built extension in real Chromium:
// a run's first action puts a frame and a "Side Agent is acting" bar with Stop on the
// page (drawn in a closed shadow root, and not read back as page content); the run's
// end takes it away; a person's click on Stop ends the run before its next action; a
// button under the bar (a chat widget in the bottom-right corner) is still pressed,
// as the bar steps to another corner first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runTools, type ToolStep } from '../support/tool-runs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';

const HOST = 'tasks.example';
const PAGE = `<!doctype html><title>Tasks</title><h1>Tasks</h1>
<button onclick="document.body.dataset.first = 'yes'">First</button>
<button onclick="document.body.dataset.second = 'yes'">Second</button>
<button style="position: fixed; right: 12px; bottom: 12px; width: 140px; height: 40px"
  onclick="document.body.dataset.chat = 'yes'">Chat with us</button>`;

let rig: WebRunRig;
let tab: Page;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
  tab = rig.tab;
});

afterAll(async () => {
  await rig?.close();
});

const run = (steps: ToolStep[]) =>
  runTools({ driver: rig.driver, models: rig.models, modelId: rig.modelId }, steps, {
    agentMode: 'act',
  });

const indicatorShown = () =>
  tab.evaluate(() => document.querySelector('side-agent-acting') !== null);

/** Presses the indicator's Stop as a person would: a real click where the button is. */
async function pressStop(): Promise<void> {
  const cdp = await tab.context().newCDPSession(tab);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const button = findButton(root, false);
    if (!button) throw new Error('no Stop button in the indicator');
    const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: button })) as {
      model: { content: number[] };
    };
    const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
    await tab.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
  } finally {
    await cdp.detach();
  }
}

interface DomNode {
  nodeName: string;
  backendNodeId: number;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function findButton(node: DomNode, inside: boolean): number | null {
  const here = inside || node.nodeName === 'SIDE-AGENT-ACTING';
  if (here && node.nodeName === 'BUTTON') return node.backendNodeId;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    const found = findButton(child, here);
    if (found !== null) return found;
  }
  return null;
}

async function refs(): Promise<{ first: string; second: string }> {
  const look = await run([{ name: 'get_accessibility_tree', arguments: {} }]);
  const tree = treeOf(look.results[0]);
  return { first: refIn(tree, 'button', 'First'), second: refIn(tree, 'button', 'Second') };
}

describe('the acting-tab indicator', () => {
  it('shows while a run acts, is not read as page content, and goes when the run ends', async () => {
    const { first } = await refs();
    expect(await indicatorShown()).toBe(false);
    let during = false;
    let treeDuring = '';
    const outcome = await run([
      { name: 'click', arguments: { ref: first } },
      {
        name: 'get_accessibility_tree',
        arguments: {},
        before: async () => {
          during = await indicatorShown();
        },
      },
    ]);
    treeDuring = treeOf(outcome.results[1]);
    expect(outcome.results.map((result) => result.code ?? 'ok')).toEqual(['ok', 'ok']);
    expect(during).toBe(true);
    expect(treeDuring).not.toContain('Side Agent');
    expect(treeDuring).not.toContain('Stop');
    expect(outcome.end.payload['status']).toBe('done');
    expect(await indicatorShown()).toBe(false);
  });

  it('steps aside for a button in its corner, so the click reaches the button', async () => {
    const look = await run([{ name: 'get_accessibility_tree', arguments: {} }]);
    const chat = refIn(treeOf(look.results[0]), 'button', 'Chat with us');
    const outcome = await run([{ name: 'click', arguments: { ref: chat } }]);
    expect(outcome.results.map((result) => result.code ?? 'ok')).toEqual(['ok']);
    expect(await tab.getAttribute('body', 'data-chat')).toBe('yes');
  });

  it('ends the run when the person presses Stop on the page, before its next action', async () => {
    const { first, second } = await refs();
    await tab.evaluate(() => {
      delete document.body.dataset['first'];
      delete document.body.dataset['second'];
    });
    const outcome = await run([
      { name: 'click', arguments: { ref: first } },
      { name: 'click', arguments: { ref: second }, before: pressStop },
    ]);
    expect(outcome.end.payload['status']).toBe('cancelled');
    expect(await tab.getAttribute('body', 'data-first')).toBe('yes');
    expect(await tab.getAttribute('body', 'data-second')).toBeNull();
    expect(await indicatorShown()).toBe(false);
  });
});
