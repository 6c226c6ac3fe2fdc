// Drives the real Chromium side panel. It is a CDP target Playwright does not
// attach to, so it is reached with Target.attachToTarget and raw messages
//.
import type { CDPSession, Page } from 'playwright-core';
import type { ExtensionBrowser } from './extension-browser';

export interface RealSidePanel {
  evaluate<T>(expression: string): Promise<T>;
  screenshot(): Promise<Buffer>;
  detach(): Promise<void>;
}

interface TargetInfo {
  readonly targetId: string;
  readonly type: string;
  readonly url: string;
}

/** Opens the side panel for `page`'s window (with the user gesture page.evaluate carries). */
export async function openRealSidePanel(
  harness: ExtensionBrowser,
  page: Page,
): Promise<RealSidePanel> {
  const helper = await harness.openPanelTab();
  const tabId = await harness.tabIdOf(page);
  await helper.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    await chrome.sidePanel.open({ windowId: tab.windowId });
  }, tabId);
  await helper.close();
  const panelUrl = `${harness.origin}/sidepanel.html`;
  let target: TargetInfo | undefined;
  for (let attempt = 0; attempt < 100 && !target; attempt += 1) {
    const { targetInfos } = (await harness.cdp.send('Target.getTargets')) as {
      targetInfos: TargetInfo[];
    };
    target = targetInfos.find((info) => info.type === 'page' && info.url === panelUrl);
    if (!target) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!target) throw new Error('The side panel did not open.');
  return attach(harness.cdp, target.targetId);
}

async function attach(cdp: CDPSession, targetId: string): Promise<RealSidePanel> {
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: false })) as {
    sessionId: string;
  };
  let nextId = 0;
  const waiting = new Map<
    number,
    (message: { result?: unknown; error?: { message: string } }) => void
  >();
  const onMessage = (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  };
  cdp.on('Target.receivedMessageFromTarget', onMessage);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: nextId, method, params }),
      });
    });
  return {
    async evaluate<T>(expression: string) {
      const result = (await call('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      })) as {
        result: { value: T };
        exceptionDetails?: { text: string };
      };
      if (result.exceptionDetails) throw new Error(result.exceptionDetails.text);
      return result.result.value;
    },
    async screenshot() {
      const result = (await call('Page.captureScreenshot', { format: 'png' })) as { data: string };
      return Buffer.from(result.data, 'base64');
    },
    async detach() {
      cdp.off('Target.receivedMessageFromTarget', onMessage);
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    },
  };
}
