// The web read tools that watch the live page in real runs: wait_for_stable on pages
// that settle, never settle, and a run the person stops; screenshot through the
// browser's capture to a vision model as an image part, and to a text model as a note.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolResult } from '../support/tool-runs';
import { startWebReadRuns, type WebReadRuns } from '../support/web-read/web-read-runs';

// Several runs per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 150_000 });

let runs: WebReadRuns;
// The browsers capture a tab only with access to all sites or the toolbar click's grant.
beforeAll(async () => void (runs = await startWebReadRuns({ allUrls: true })), 120_000);
afterEach(async () => runs?.closeTabs());
afterAll(async () => runs?.close());

const body = (result: ToolResult) => result['result'] as Record<string, any>;

describe('wait_for_stable', () => {
  it('returns stable once a page settles and timed_out on a page that never does', async () => {
    const settling = await runs.open('hostile.example', '/settling');
    const calm = await settling.run([
      {
        name: 'wait_for_stable',
        arguments: { quiet_ms: 400 },
        before: () => settling.page.evaluate(() => (window as any).startSettling()),
      },
    ]);
    expect(body(calm.results[0]!)).toMatchObject({ stable: true, timed_out: false });
    expect(await settling.page.locator('li').count()).toBe(20);
    await settling.close();
    const ticking = await runs.open('hostile.example', '/mutating');
    const busy = await ticking.run([{ name: 'wait_for_stable', arguments: { timeout_ms: 4_000 } }]);
    const waited = body(busy.results[0]!);
    expect(waited).toMatchObject({ stable: false, timed_out: true });
    // Several slices of at most 3 s each, stopped at the timeout.
    expect(waited['elapsed_ms']).toBeGreaterThanOrEqual(4_000);
    expect(waited['elapsed_ms']).toBeLessThan(6_000);
    expect(waited['mutations']).toBeGreaterThan(100);
    await ticking.close();
  });

  it('ends at once when the person stops the run', async () => {
    const tab = await runs.open('hostile.example', '/mutating');
    await runs.models.setScenario({
      name: 'stop-wait',
      models: ['scripted-model'],
      turns: [
        {
          steps: [
            {
              toolCall: {
                id: 'wait-1',
                name: 'wait_for_stable',
                arguments: { timeout_ms: 20_000 },
              },
            },
          ],
        },
        { steps: [{ text: 'done' }] },
      ],
    });
    const { runId } = await tab.driver.start(tab.modelId, 'wait');
    const deadline = Date.now() + 20_000;
    while (!(await tab.driver.eventTypes(runId)).includes('run/tool-call') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = Date.now();
    await tab.driver.cancel(runId);
    const end = await tab.driver.waitForEnd(runId, 10_000);
    expect(Date.now() - stopped).toBeLessThan(2_000);
    expect(end.payload['status']).toBe('cancelled');
    await tab.close();
  });
});

describe('screenshot', () => {
  it('reaches a vision model as an image part within the budget, and a text model as a note', async () => {
    const tab = await runs.open('news.example', '/article');
    const before = runs.models.requests.length;
    const seen = await tab.runWithVision([{ name: 'screenshot', arguments: {} }]);
    const shot = body(seen.results[0]!);
    expect(shot).toMatchObject({ image_sent: true, imagesAttached: 1 });
    expect(shot['image']).toEqual({
      width: 1280,
      height: 720,
      format: 'jpeg',
      quality: expect.any(Number),
    });
    expect(JSON.stringify(seen.results[0])).not.toMatch(/base64|\/9j\//);
    const last = runs.models.requests.at(-1)?.body as {
      messages: { role: string; content: unknown }[];
    };
    const parts = last.messages.flatMap((message) =>
      Array.isArray(message.content) ? message.content : [],
    );
    const images = parts.filter((part: any) => part.type === 'image_url');
    expect(images).toHaveLength(1);
    const url = (images[0] as any).image_url.url as string;
    expect(url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(url.length).toBeLessThan(1_398_100 + 30);
    expect(parts).toContainEqual({
      type: 'text',
      text: expect.stringMatching(/^\[Untrusted images returned by the tool "screenshot"/),
    });
    const blind = await tab.run([{ name: 'screenshot', arguments: {} }]);
    expect(body(blind.results[0]!)).toMatchObject({
      image_sent: false,
      note: expect.stringMatching(/cannot see images/),
    });
    const blindRequest = runs.models.requests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(blindRequest.messages)).not.toContain('image_url');
    expect(runs.models.requests.length).toBeGreaterThan(before);
    await tab.close();
  });

  it('scales a large viewport down to the image budget in the browser', async () => {
    const tab = await runs.open('news.example', '/article');
    await tab.page.setViewportSize({ width: 1920, height: 1080 });
    const { results } = await tab.runWithVision([{ name: 'screenshot', arguments: {} }]);
    const shot = body(results[0]!);
    expect(shot['captured']).toEqual({ width: 1920, height: 1080 });
    // 52 × 30 tiles of 28 px: 1,560 image tokens, within 1,568 and 1,568 px.
    expect(shot['image']).toMatchObject({ width: 1456, height: 819 });
    await tab.close();
  });

  it('refuses, in plain words, to capture a tab that is not in front', async () => {
    const tab = await runs.open('news.example', '/article');
    const other = await runs.browser.context.newPage();
    const { results } = await tab.runWithVision([
      { name: 'screenshot', arguments: {}, before: () => other.bringToFront() },
    ]);
    expect(results[0]).toMatchObject({
      ok: false,
      code: 'CAPTURE_UNAVAILABLE',
      message: expect.stringMatching(/not the visible tab of its window; bring it to the front/),
    });
    await other.close();
    await tab.close();
  });
});
