// The media downloads through the built extension in real Chromium and the real
// panel (Downloads granted in the build copy, as the person's "Allow saving files"
// would): a scripted model reads the tree, then saves an <img> of the run's site by
// its ref (fetched by the worker) and a blob: image the page made in its own script
// (read by the page, which alone holds it). Each asks first; both files land in the
// browser's downloads list with the exact bytes, and list_downloads names them. Then
// download_social_media saves the post's two photos under one card, without the avatar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools } from '../support/tool-runs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';

const HOST = 'photos.example';
// A real 1 × 1 PNG, so the browser decodes both images as it would any photo.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_BASE64, 'base64');
const PAGE = `<!doctype html><title>Holiday</title><article><h1>Our holiday</h1>
<img src="/media/avatar.png" alt="Ada's avatar" class="avatar" width="40" height="40">
<img src="/media/sunset.png" alt="Sunset" width="300" height="200">
<img id="chart" alt="Chart" width="300" height="200">
</article>
<script>
  const bytes = Uint8Array.from(atob('${PNG_BASE64}'), (char) => char.charCodeAt(0));
  document.getElementById('chart').src = URL.createObjectURL(new Blob([bytes], { type: 'image/png' }));
</script>`;
const PROMPT = 'Download the sunset photo and the chart image.';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig(
    {
      [HOST]: {
        '/': PAGE,
        '/media/sunset.png': { type: 'image/png', body: PNG },
        '/media/avatar.png': { type: 'image/png', body: PNG },
      },
    },
    HOST,
    { permissions: ['downloads'] },
  );
}, 120_000);

afterAll(async () => rig?.close());

const runContext = () => ({ driver: rig.driver, models: rig.models, modelId: rig.modelId });

const fetchesOf = (requests: readonly string[]) =>
  requests.filter((seen) => seen === `${HOST} /media/sunset.png`).length;

interface DownloadItem {
  filename: string;
  url: string;
  mime: string;
}

describe('download_resource_from_page in a run', () => {
  it('saves an <img> by ref and a blob: image the page made, each after the card', async () => {
    const look = await runTools(runContext(), [{ name: 'get_accessibility_tree', arguments: {} }], {
      agentMode: 'act',
      prompt: PROMPT,
    });
    const tree = treeOf(look.results[0]);
    const sunset = refIn(tree, 'img', 'Sunset');
    const chart = refIn(tree, 'img', 'Chart');
    const before = fetchesOf(rig.pages.requests);
    const cards: Record<string, unknown>[] = [];
    const approve = async (pending: Record<string, unknown>) => (
      cards.push(pending),
      'approve-once'
    );
    const outcome = await runTools(
      runContext(),
      [
        { name: 'download_resource_from_page', arguments: { ref: sunset }, onPending: approve },
        { name: 'download_resource_from_page', arguments: { ref: chart }, onPending: approve },
        { name: 'list_downloads', arguments: {} },
      ],
      { agentMode: 'act', prompt: PROMPT },
    );
    expect(cards).toMatchObject([
      {
        kind: 'action-approval',
        name: 'download_resource_from_page',
        effect: `Download a file: https://${HOST}/media/sunset.png`,
      },
      {
        kind: 'action-approval',
        name: 'download_resource_from_page',
        effect: expect.stringMatching(/^Download a file: the image the page holds \(img/),
      },
    ]);
    expect(outcome.results[0]).toMatchObject({
      ok: true,
      result: { files: [{ filename: 'sunset.png', contentType: 'image/png', size: PNG.length }] },
    });
    expect(outcome.results[1]).toMatchObject({
      ok: true,
      result: { files: [{ filename: 'image.png', contentType: 'image/png', size: PNG.length }] },
    });
    expect(outcome.results[2]).toMatchObject({
      ok: true,
      result: {
        files: [
          { filename: 'sunset.png', readable: true },
          { filename: 'image.png', readable: true },
        ],
      },
    });
    // The worker fetched the network image once; the blob: never left the page.
    expect(fetchesOf(rig.pages.requests) - before).toBe(1);
    const worker = await rig.browser.worker();
    const items = (await worker.evaluate(() =>
      chrome.downloads
        .search({})
        .then((found) => found.map(({ filename, url, mime }) => ({ filename, url, mime }))),
    )) as DownloadItem[];
    const saved = `data:image/png;base64,${PNG_BASE64}`;
    // Both files are in the browser's downloads list with their exact bytes (the test
    // browser's driver stores downloads under ids of its own, so the disk names differ).
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.url)).toEqual([saved, saved]);
    expect(items.map((item) => item.mime)).toEqual(['image/png', 'image/png']);
  });
});

describe('download_social_media in a run', () => {
  it("saves the main post's photos with one card, leaving its author's avatar out", async () => {
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      runContext(),
      [
        {
          name: 'download_social_media',
          arguments: {},
          onPending: async (pending) => (cards.push(pending), 'approve-once'),
        },
      ],
      { agentMode: 'act', prompt: "Download this post's photos." },
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ kind: 'action-approval', name: 'download_social_media' });
    expect(JSON.stringify(cards[0])).not.toContain('avatar');
    expect(outcome.results[0]).toMatchObject({
      ok: true,
      result: {
        files: [
          { filename: 'sunset.png', contentType: 'image/png', size: PNG.length },
          { filename: 'image.png', contentType: 'image/png', size: PNG.length },
        ],
      },
    });
    const worker = await rig.browser.worker();
    const count = (await worker.evaluate(() =>
      chrome.downloads.search({}).then((found) => found.length),
    )) as number;
    expect(count).toBe(4);
  });
});
