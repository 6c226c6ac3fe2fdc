// The side panel's chat in real Chromium, driven as a person would: type and send,
// watch the stream, review and apply a diff, reload the panel mid-run and see the
// run continue, Stop, and the panel's look in light and dark. The workbench plays
// https://typst.app; the scripted model server plays the model (behind the CORS
// proxy, as in agent-run.e2e.ts, because optional host access needs a prompt).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launchExtensionBrowser,
  REPO_ROOT,
  type ExtensionBrowser,
} from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startWorkbench } from '../../workbench/server.mjs';
import './support/workbench-browser';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import {
  bridgeConnected,
  panelRequest,
  saveScriptedModels,
  sendFromComposer as sendFrom,
} from '../support/panel-page';

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let panel: Page;
let tabId: number;
const modelIds: Record<string, string> = {};

const SLOW = 'This answer streams slowly so the panel can be reloaded and stopped. '.repeat(60);

const request = (message: Record<string, unknown>) => panelRequest(panel, message);

/** A scripted model that replaces line 1 (Ask mode: a diff review), then answers. */
function editScenario(name: string, callId: string, line: string) {
  return {
    name,
    turns: [
      {
        steps: [
          { text: 'I will change line 1.' },
          {
            toolCall: {
              id: callId,
              name: 'replace_lines',
              arguments: { start_line: 1, end_line: 1, new_content: line },
            },
          },
        ],
      },
      { steps: [{ text: 'Done: the edit was handled.' }] },
    ],
  };
}

/** The tool message the worker sent back to the model for a call (from the recorded requests). */
function toolResultOf(callId: string): string {
  for (const recorded of [...models.requests].reverse()) {
    const messages =
      (recorded.body as { messages?: { role: string; tool_call_id?: string; content?: unknown }[] })
        .messages ?? [];
    const found = messages.find(
      (message) => message.role === 'tool' && message.tool_call_id === callId,
    );
    if (found)
      return typeof found.content === 'string' ? found.content : JSON.stringify(found.content);
  }
  throw new Error(`No tool result for ${callId} reached the model.`);
}

/** Picks the scripted scenario and opens a fresh chat (the server answers turn N for N assistant messages). */
async function useModel(name: string): Promise<void> {
  await request({
    type: 'settings/save-general',
    payload: { patch: { activeModelId: modelIds[name] } },
  });
  await request({
    type: 'session/create',
    payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
  });
}

const sendFromComposer = (text: string) => sendFrom(panel, text);

/** Where the transcript is scrolled, and where an element sits in it (CSS px). */
function transcriptGeometry(testId?: string) {
  return panel.evaluate((id) => {
    const transcript = document.querySelector<HTMLElement>('[data-testid="transcript"]');
    if (!transcript) return null;
    const box = transcript.getBoundingClientRect();
    const target = id
      ? Array.from(document.querySelectorAll(`[data-testid="${id}"]`))
          .at(-1)
          ?.getBoundingClientRect()
      : undefined;
    return {
      fromBottom: transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight,
      overflows: transcript.scrollHeight > transcript.clientHeight + 1,
      targetBelow: target ? target.bottom - box.bottom : null,
      targetAbove: target ? box.top - target.bottom : null,
      jump: document.querySelector('[data-testid="jump-to-latest"]')?.textContent ?? null,
    };
  }, testId);
}

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'panel-chat-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      {
        name: 'answer',
        turns: [
          {
            steps: [
              { reasoning: 'Looking at the title.', field: 'reasoning_content' },
              { text: 'The title is **fine**.' },
            ],
          },
        ],
      },
      { name: 'slow', turns: [{ chunkSize: 4, chunkDelayMs: 40, steps: [{ text: SLOW }] }] },
      editScenario('edit', 'call_fix', '// fixed by the agent'),
      editScenario('edit-reject', 'call_reject', '// a change the person rejects'),
      { name: 'vision', turns: [{ steps: [{ text: 'I see your selection and the preview.' }] }] },
    ],
  });
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await bridgeConnected(page);
  tabId = await harness.tabIdOf(page);
  panel = await harness.openPanelTab(tabId, { testHarness: true });
  Object.assign(
    modelIds,
    await saveScriptedModels(
      panel,
      proxy.baseUrl,
      ['answer', 'slow', 'edit', 'edit-reject', 'vision'].map((modelId) => ({
        modelId,
        supportsVision: modelId === 'vision',
      })),
    ),
  );
  await useModel('answer');
  await panel.reload();
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe('side panel chat', () => {
  it('sends from the composer, streams reasoning and answer, and shows the stored turn', async () => {
    await sendFromComposer('Is the title fine?');
    await expect
      .poll(() => panel.getByTestId('user-turn').last().textContent(), { timeout: 15_000 })
      .toContain('Is the title fine?');
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('The title is fine.');
    expect(await answer.locator('strong').textContent()).toBe('fine');
    expect(await answer.locator('details.stream-reasoning').count()).toBe(1);
    expect(await panel.getByTestId('composer-input').inputValue()).toBe('');
  });

  it('shows the chat in light and dark', async () => {
    mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.setViewportSize({ width: 400, height: 720 });
      await panel.emulateMedia({ colorScheme });
      const background = await panel.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(25, 24, 31)' : 'rgb(255, 255, 255)');
      writeFileSync(
        path.join(REPO_ROOT, 'test-results', `panel-chat-${colorScheme}.png`),
        await panel.screenshot(),
      );
    }
    await panel.emulateMedia({ colorScheme: null });
  });

  it('keeps showing a run live after the panel reloads mid-run, then stops it', async () => {
    await useModel('slow');
    await panel.reload();
    await sendFromComposer('Write a long answer.');
    const live = panel.getByTestId('live-turn');
    await expect
      .poll(() => live.textContent().catch(() => ''), { timeout: 15_000 })
      .toContain('streams slowly');
    await panel.reload();
    await expect
      .poll(() => live.textContent().catch(() => ''), { timeout: 15_000 })
      .toContain('Continuing a run');
    const before = (await live.textContent())?.length ?? 0;
    await expect
      .poll(async () => ((await live.textContent()) ?? '').length, { timeout: 10_000 })
      .toBeGreaterThan(before);
    await panel.getByTestId('stop').click();
    await expect
      .poll(
        () =>
          panel
            .getByTestId('assistant-turn')
            .last()
            .getAttribute('data-status')
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toBe('cancelled');
    expect(
      ((await panel.getByTestId('assistant-turn').last().textContent()) ?? '').length,
    ).toBeLessThan(SLOW.length);
  });

  it('shows a proposed edit as a diff review with line numbers and +N −M, and applies it with Ctrl+Enter', async () => {
    await useModel('edit');
    // A short panel, so the review appears below the fold unless the view follows it.
    await panel.setViewportSize({ width: 400, height: 460 });
    await panel.reload();
    await sendFromComposer('Fix the first line.');
    const review = panel.getByTestId('diff-review');
    await expect.poll(() => review.count(), { timeout: 20_000 }).toBe(1);
    // The person had not scrolled up: the review is followed into view as it appears
    // (the follow controller watches the transcript's sizes, not only streamed text).
    const atReview = await transcriptGeometry('diff-review');
    expect(atReview?.overflows).toBe(true);
    expect(atReview?.fromBottom).toBeLessThanOrEqual(2);
    expect(atReview?.targetBelow).toBeLessThanOrEqual(1);
    expect(atReview?.jump).toBeNull();
    const text = (await review.textContent()) ?? '';
    expect(text).toContain('// fixed by the agent');
    expect(text).toContain('+1');
    expect(text).toContain('\u22121');
    expect(text).toContain('@@ -1,4 +1,4 @@');
    // Apply with the keyboard shortcut: the guarded commit changes line 1, the tool
    // result tells the model a human reviewed the diff, and the run ends with the
    // final answer shown as a stored turn (this used to break the transcript: see
    // turn-views.tsx, a nested render inside a render).
    await panel.keyboard.press('Control+Enter');
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('Done: the edit was handled.');
    expect(await answer.getAttribute('data-status')).toBe('complete');
    expect(await answer.textContent()).toContain('replace_lines');
    expect(await review.count()).toBe(0);
    expect(await page.evaluate(() => window.__workbench.getText('main.typ')?.split('\n')[0])).toBe(
      '// fixed by the agent',
    );
    const applied = toolResultOf('call_fix');
    expect(applied).toContain('"reviewed_diff":true');
    expect(await panel.getByTestId('composer-input').isEnabled()).toBe(true);
    // The live view gave way to the stored turn (and the composer unlocked): the
    // transcript still ends at the bottom, with the final answer in view.
    await panel.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // With one-line activity rows the stored turn may fit without scrolling; either
    // way the transcript ends at the bottom with the final answer in view.
    const atEnd = await transcriptGeometry('assistant-turn');
    expect(atEnd).not.toBeNull();
    expect(atEnd?.fromBottom).toBeLessThanOrEqual(2);
    expect(atEnd?.targetBelow).toBeLessThanOrEqual(1);
    expect(atEnd?.jump).toBeNull();
    await panel.setViewportSize({ width: 400, height: 720 });
  });

  it('rejects a proposed edit with the Reject button: nothing changes and the model is told', async () => {
    await useModel('edit-reject');
    await panel.reload();
    const before = await page.evaluate(() => window.__workbench.getText('main.typ'));
    await sendFromComposer('Change the first line.');
    const review = panel.getByTestId('diff-review');
    await expect.poll(() => review.count(), { timeout: 20_000 }).toBe(1);
    expect(await review.textContent()).toContain('// a change the person rejects');
    await panel.getByTestId('reject').click();
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('Done: the edit was handled.');
    expect(await review.count()).toBe(0);
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(before);
    const rejected = toolResultOf('call_reject');
    expect(rejected).not.toContain('"edits_applied"');
    expect(rejected.toLowerCase()).toContain('reject');
  });

  it('attaches an editor selection and a preview screenshot through + Add; a vision model gets both', async () => {
    await useModel('vision');
    await panel.reload();
    // Select line 1 in the workbench editor with the keyboard, as a person would.
    await page.bringToFront();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    const selected = await page.evaluate(
      () => window.__workbench.getText('main.typ')?.split('\n')[0] ?? '',
    );
    expect(selected.length).toBeGreaterThan(0);
    await panel.bringToFront();
    const chips = panel.getByTestId('attachment-chip');
    await expect
      .poll(() => panel.getByTestId('add-button').isEnabled(), { timeout: 15_000 })
      .toBe(true);
    await panel.getByTestId('add-button').click();
    await panel.getByTestId('add-selection').click();
    await expect.poll(() => chips.count(), { timeout: 10_000 }).toBe(1);
    expect(await chips.first().getAttribute('data-kind')).toBe('selection');
    await panel.getByTestId('add-button').click();
    await panel.getByTestId('add-preview').click();
    await expect.poll(() => chips.count(), { timeout: 15_000 }).toBe(2);
    expect(await chips.nth(1).getAttribute('data-kind')).toBe('image');
    expect(await chips.nth(1).locator('img.chip-thumb').getAttribute('src')).toMatch(
      /^data:image\//,
    );

    const sentBefore = models.requests.length;
    await sendFromComposer('What do you see?');
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('I see your selection and the preview.');
    expect(await chips.count()).toBe(0);
    // The stored user turn keeps the selection and a thumbnail.
    const userTurn = panel.getByTestId('user-turn').last();
    expect(await userTurn.textContent()).toContain('Selection');
    expect(await userTurn.locator('img.chip-thumb').count()).toBe(1);
    // The model request (as the scripted server received it) carries both.
    const sent = models.requests
      .slice(sentBefore)
      .find((recorded) => recorded.body?.model === 'vision');
    const users = (
      (sent?.body as { messages: { role: string; content: unknown }[] }).messages ?? []
    ).filter((message) => message.role === 'user');
    const last = JSON.stringify(users.at(-1)?.content);
    expect(last).toContain('What do you see?');
    expect(last).toContain(JSON.stringify(selected).slice(1, -1));
    expect(last).toMatch(
      /"type":"image_url","image_url":\{"url":"data:image\/(webp|png|jpeg);base64,/,
    );
  });

  it('ignores malformed worker events without breaking the view, and says what it does on a page no site serves', async () => {
    const survived = await panel.evaluate(async () => {
      const hook = (
        globalThis as unknown as {
          __sideAgentTestHarness: { deliver(message: unknown): Promise<unknown> };
        }
      ).__sideAgentTestHarness;
      for (const message of [
        null,
        'x',
        {
          type: 'run/stream',
          runId: 'nope',
          payload: {
            sequence: 1,
            parts: [{ channel: 'text', text: '<img src=x onerror=alert(1)>' }],
          },
        },
        { type: 'run/end', payload: {} },
      ]) {
        await hook.deliver(message);
      }
      return (
        document.querySelectorAll('img[onerror]').length === 0 &&
        document.querySelector('[data-testid="composer-input"]') !== null
      );
    });
    expect(survived).toBe(true);
    // A panel serving its own extension page: the restricted-page card says why.
    const other = await harness.openPanelTab();
    await expect
      .poll(
        () =>
          other
            .getByTestId('restricted-card')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toContain('Side Agent cannot work here');
    await other.close();
  });
});
