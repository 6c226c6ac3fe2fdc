// Automatic screenshots in real runs: under each policy the person can choose, a vision
// model gets (or does not get) a labelled picture of the page after a tool round, only
// in the modes that act, and a long run keeps only the newest pictures attached.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO_SCREENSHOT_LABEL } from '../../src/worker/agent/auto-screenshot';
import { IMAGE_DROPPED_NOTE, RUN_IMAGE_MESSAGES_KEPT } from '../../src/worker/agent/run-images';
import { runRequests, type ToolStep } from '../support/tool-runs';
import { patchGeneralSettings } from '../support/web-browser';
import { startWebReadRuns, type WebReadRuns } from '../support/web-read/web-read-runs';

vi.setConfig({ testTimeout: 150_000 });

let runs: WebReadRuns;
// The browsers capture a tab only with access to all sites or the toolbar click's grant.
beforeAll(async () => void (runs = await startWebReadRuns({ allUrls: true })), 120_000);
afterEach(async () => runs?.closeTabs());
afterAll(async () => runs?.close());

const setPolicy = (policy: 'off' | 'after-navigation' | 'after-change' | 'every-step') =>
  patchGeneralSettings(runs.browser, { autoScreenshot: policy });

interface Part {
  readonly type: string;
}

/** Per run request: the image parts it carries and its text parts. */
function picturesPerRequest(start: number) {
  return runRequests(runs.models, start).map((seen) => {
    const messages = (seen.body as { messages: { content: unknown }[] }).messages;
    const parts = messages.flatMap((message) =>
      Array.isArray(message.content) ? (message.content as Part[]) : [],
    );
    // A message left with text only may be sent as one string: count in the JSON.
    const text = JSON.stringify(messages);
    return {
      images: parts.filter((part) => part.type === 'image_url').length,
      labels: text.split(JSON.stringify(AUTO_SCREENSHOT_LABEL).slice(1, -1)).length - 1,
      dropped: text.split(JSON.stringify(IMAGE_DROPPED_NOTE).slice(1, -1)).length - 1,
    };
  });
}

// Different words each round: the same call three times would be a loop, nudged.
const WORDS = ['council', 'cycling', 'parking', 'residents', 'spring', 'network'];
const windowInfo = (count: number): ToolStep[] =>
  WORDS.slice(0, count).map((text) => ({ name: 'find_text', arguments: { text } }));

describe('automatic screenshots', () => {
  it('after every step in Act mode: each round gets one, and only the newest four stay attached', async () => {
    await setPolicy('every-step');
    const tab = await runs.open('news.example', '/article');
    const start = runs.models.requests.length;
    const { end } = await tab.runWithVision(windowInfo(6), { agentMode: 'act' });
    expect(end.payload['status']).toBe('done');
    const seen = picturesPerRequest(start);
    // The first request comes before any tool round; each later one after a round.
    expect(seen.map((request) => request.labels)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seen.map((request) => request.images)).toEqual([0, 1, 2, 3, 4, 4, 4]);
    // Older pictures keep their label and say they are gone.
    expect(seen.map((request) => request.dropped)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(Math.max(...seen.map((request) => request.images))).toBe(RUN_IMAGE_MESSAGES_KEPT);
  });

  it('never in Ask mode, and never with the setting off', async () => {
    await setPolicy('every-step');
    const tab = await runs.open('news.example', '/article');
    let start = runs.models.requests.length;
    await tab.runWithVision(windowInfo(2), { agentMode: 'ask' });
    expect(picturesPerRequest(start).every((request) => request.images === 0)).toBe(true);
    await setPolicy('off');
    start = runs.models.requests.length;
    await tab.runWithVision(windowInfo(2), { agentMode: 'act' });
    const seen = picturesPerRequest(start);
    expect(seen).toHaveLength(3);
    expect(seen.every((request) => request.images === 0)).toBe(true);
  });

  it('after navigation: a read earns none, going to another address earns one', async () => {
    await setPolicy('after-navigation');
    const tab = await runs.open('news.example', '/article');
    const start = runs.models.requests.length;
    const { end } = await tab.runWithVision(
      [
        { name: 'get_window_info', arguments: {} },
        { name: 'navigate', arguments: { url: 'https://news.example/article?page=2' } },
      ],
      { agentMode: 'act' },
    );
    expect(end.payload['status']).toBe('done');
    expect(picturesPerRequest(start).map((request) => request.labels)).toEqual([0, 0, 1]);
    await setPolicy('after-change');
  });
});
