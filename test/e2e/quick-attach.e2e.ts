// Quick attach in real Chromium: select text in the
// workbench editor with the keyboard, click the floating "Add to agent" button with a
// trusted mouse click, and see the side panel of that window open and show the
// selection chip; open an image and add it with the image button. A page's synthetic
// clicks do nothing. The buttons live in a closed shadow root, so the test finds them
// through CDP's piercing DOM and clicks their centre with the real mouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import { startWorkbench, type RunningWorkbench } from '../../workbench/server.mjs';
import './support/workbench-browser';
import { bridgeConnected } from '../support/panel-page';

let workbench: RunningWorkbench;
let harness: ExtensionBrowser;
let page: Page;
let pageCdp: CDPSession;

interface DomNode {
  readonly backendNodeId: number;
  readonly attributes?: string[];
  readonly children?: DomNode[];
  readonly shadowRoots?: DomNode[];
  readonly contentDocument?: DomNode;
}

function findById(node: DomNode, id: string): DomNode | null {
  const attributes = node.attributes ?? [];
  for (let index = 0; index < attributes.length; index += 2)
    if (attributes[index] === 'id' && attributes[index + 1] === id) return node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    const found = findById(child, id);
    if (found) return found;
  }
  return null;
}

/** Centre of a floating button (closed shadow root included), or null while it is hidden. */
async function buttonCentre(id: string): Promise<{ x: number; y: number } | null> {
  const { root } = (await pageCdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
    root: DomNode;
  };
  const node = findById(root, id);
  if (!node) return null;
  try {
    const { model } = (await pageCdp.send('DOM.getBoxModel', {
      backendNodeId: node.backendNodeId,
    })) as { model: { border: number[] } };
    const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.border;
    return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
  } catch {
    return null; // display: none has no box
  }
}

const waitForButton = async (id: string) => {
  await expect.poll(() => buttonCentre(id), { timeout: 15_000, interval: 100 }).not.toBeNull();
  return (await buttonCentre(id))!;
};

/** The real side panel's target, once it exists. */
async function sidePanelTarget(): Promise<string | null> {
  const { targetInfos } = (await harness.cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  return (
    targetInfos.find(
      (info) => info.type === 'page' && info.url === `${harness.origin}/sidepanel.html`,
    )?.targetId ?? null
  );
}

/** Evaluates in the real side panel (a target Playwright does not attach to). */
async function panelEval<T>(targetId: string, expression: string): Promise<T> {
  const { sessionId } = (await harness.cdp.send('Target.attachToTarget', {
    targetId,
    flatten: false,
  })) as { sessionId: string };
  try {
    const answer = new Promise<T>((resolve, reject) => {
      const onMessage = (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as {
          id?: number;
          result?: { result: { value: T } };
          error?: { message: string };
        };
        if (message.id !== 1) return;
        harness.cdp.off('Target.receivedMessageFromTarget', onMessage);
        if (message.error || !message.result)
          reject(new Error(message.error?.message ?? 'no result'));
        else resolve(message.result.result.value);
      };
      harness.cdp.on('Target.receivedMessageFromTarget', onMessage);
    });
    const params = { expression, awaitPromise: true, returnByValue: true };
    await harness.cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'Runtime.evaluate', params }),
    });
    return await answer;
  } finally {
    await harness.cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}

const chips = (targetId: string) =>
  panelEval<{ kind: string; text: string }[]>(
    targetId,
    `[...document.querySelectorAll('[data-testid="attachment-chip"]')].map((chip) => ({ kind: chip.dataset.kind, text: chip.textContent }))`,
  );

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quick-attach-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  harness = await launchExtensionBrowser({ typstPort: workbench.port });
  await harness.waitForStartup();
  page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.evaluate(() => window.__workbench.ready);
  await bridgeConnected(page);
  await page.evaluate(() => window.__workbench.openFile('main.typ'));
  pageCdp = await page.context().newCDPSession(page);
});

afterAll(async () => {
  await harness?.close();
  await workbench?.close();
});

describe('quick attach on typst.app', () => {
  it('shows the selection button only for a non-empty selection', async () => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+Home');
    expect(await buttonCentre('side-agent-selection-float')).toBeNull();
    await page.keyboard.press('Shift+End');
    await waitForButton('side-agent-selection-float');
  });

  it('ignores untrusted clicks: a page script on the host, and a script that reaches the button itself', async () => {
    const centre = await waitForButton('side-agent-selection-float');
    // A page script can only reach the closed shadow root's host.
    await page.evaluate(({ x, y }) => {
      const options = { bubbles: true, composed: true, clientX: x, clientY: y };
      for (const target of [
        document.elementFromPoint(x, y),
        document.querySelector('side-agent-quick-attach'),
      ]) {
        target?.dispatchEvent(new MouseEvent('mousedown', options));
        target?.dispatchEvent(new MouseEvent('click', options));
        (target as HTMLElement | null)?.click();
      }
    }, centre);
    // Code that can open closed shadow roots (another extension's content script, a
    // debugger) can dispatch straight on the button; its clicks are still untrusted.
    const { root } = (await pageCdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const button = findById(root, 'side-agent-selection-float');
    expect(button).not.toBeNull();
    const { object } = (await pageCdp.send('DOM.resolveNode', {
      backendNodeId: button!.backendNodeId,
    })) as { object: { objectId: string } };
    await pageCdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: `function () {
        const options = { bubbles: true, composed: true };
        this.dispatchEvent(new PointerEvent('pointerdown', options));
        this.dispatchEvent(new MouseEvent('mousedown', options));
        this.dispatchEvent(new MouseEvent('click', options));
        this.click();
      }`,
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await sidePanelTarget()).toBeNull();
  });

  it('a trusted click opens the side panel of that window and adds the selection', async () => {
    const firstLine = await page.evaluate(
      () => (window.__workbench.getText('main.typ') ?? '').split('\n')[0] ?? '',
    );
    const centre = await waitForButton('side-agent-selection-float');
    await page.mouse.click(centre.x, centre.y);
    await expect.poll(sidePanelTarget, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const panel = (await sidePanelTarget())!;
    await expect
      .poll(async () => (await chips(panel)).filter((chip) => chip.kind === 'selection').length, {
        timeout: 15_000,
        interval: 150,
      })
      .toBe(1);
    const [chip] = await chips(panel);
    expect(chip?.text).toContain(firstLine.slice(0, 20));
    // The editor kept its selection: the button is still there.
    expect(await buttonCentre('side-agent-selection-float')).not.toBeNull();
  });

  it('the image button adds the opened image once per burst of clicks', async () => {
    await page.evaluate(() => window.__workbench.openFile('images/plate.png'));
    await expect
      .poll(() => buttonCentre('side-agent-selection-float'), { timeout: 10_000 })
      .toBeNull();
    const centre = await waitForButton('side-agent-image-float');
    await page.mouse.click(centre.x, centre.y);
    await page.mouse.click(centre.x, centre.y);
    const panel = (await sidePanelTarget())!;
    await expect
      .poll(async () => (await chips(panel)).filter((chip) => chip.kind === 'image').length, {
        timeout: 15_000,
        interval: 150,
      })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const all = await chips(panel);
    expect(all.filter((chip) => chip.kind === 'image')).toHaveLength(1);
    expect(all.find((chip) => chip.kind === 'image')?.text).toMatch(/Opened image \d+\u00d7\d+/);
  });
});
