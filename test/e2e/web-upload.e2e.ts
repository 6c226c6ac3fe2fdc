// upload_file through the built extension in real Chromium and the real panel: the
// scripted model downloads a file of the run's site (Downloads granted in the build
// copy, as the person's "Allow saving files" would), then puts it into the page's
// file input. The card names the file, its size and the site; a denied call leaves
// the input empty; an approved one lets the page's own script read the exact bytes;
// an input whose accept rejects the file is refused without a card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateModel, freshChatIn, sendFromComposer } from '../support/panel-page';
import { runTools } from '../support/tool-runs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';

const HOST = 'apply.example';
// Bytes that are not valid UTF-8 (NUL, 0xff, 0x80) catch any text round trip.
const NOTES = Buffer.concat([
  Buffer.from('Order 42: two blue mugs\n'),
  Buffer.from([0x00, 0xff, 0x80, 0x7f, 0x0a]),
]);
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));
const PAGE = `<!doctype html><title>Apply</title><h1>Send your order notes</h1>
<form action="/apply" method="post" enctype="multipart/form-data">
  <label for="notes">Order notes</label> <input id="notes" type="file" accept=".txt,text/plain">
  <label for="photo">Photo</label> <input id="photo" type="file" accept="image/*">
  <label for="cover">Cover letter</label> <input id="cover" type="file">
</form>
<p id="seen-notes">nothing chosen</p>
<p id="seen-cover">nothing chosen</p>
<script>
  document.addEventListener('change', async (event) => {
    const file = event.target.files[0];
    const bytes = new Uint8Array(await file.arrayBuffer());
    const shown = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
    document.getElementById('seen-' + event.target.id).textContent = file.name + ' | ' + file.size + ' | ' + shown;
    document.body.dataset.events = (document.body.dataset.events || '') + event.type + ';';
  });
  document.addEventListener('input', () => {
    document.body.dataset.events = (document.body.dataset.events || '') + 'input;';
  });
</script>`;
const PROMPT = 'Download the order notes file and upload it to the form.';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig(
    { [HOST]: { '/': PAGE, '/notes.txt': { type: 'text/plain', body: NOTES } } },
    HOST,
    { permissions: ['downloads'] },
  );
}, 120_000);

afterAll(async () => rig?.close());

const runContext = () => ({ driver: rig.driver, models: rig.models, modelId: rig.modelId });

describe('upload_file in a run', () => {
  it('uploads a download of the run after the person approves, and the page reads the exact bytes', async () => {
    const look = await runTools(runContext(), [{ name: 'get_accessibility_tree', arguments: {} }], {
      agentMode: 'act',
      prompt: PROMPT,
    });
    const tree = treeOf(look.results[0]);
    const notes = refIn(tree, 'button', 'Order notes');
    const photo = refIn(tree, 'button', 'Photo');
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      runContext(),
      [
        {
          name: 'download_files',
          arguments: { urls: [`https://${HOST}/notes.txt`] },
          onPending: async () => 'approve-once',
        },
        {
          name: 'upload_file',
          arguments: { ref: notes, downloadId: 1 },
          onPending: async (pending) => (cards.push(pending), 'deny'),
        },
        {
          name: 'upload_file',
          arguments: { ref: notes, downloadId: 1 },
          onPending: async (pending) => (cards.push(pending), 'approve-once'),
        },
        {
          name: 'upload_file',
          arguments: { ref: photo, downloadId: 1 },
          onPending: async (pending) => (cards.push(pending), 'approve-once'),
        },
      ],
      { agentMode: 'act', prompt: PROMPT },
    );
    expect(outcome.results[0]).toMatchObject({
      ok: true,
      result: { files: [{ downloadId: 1, filename: 'notes.txt', size: NOTES.byteLength }] },
    });
    const effect = `Upload notes.txt (${NOTES.byteLength} bytes) to ${HOST}, into input#notes "Order notes"`;
    expect(cards).toMatchObject([
      { kind: 'action-approval', name: 'upload_file', effect, allowRun: false },
      { kind: 'action-approval', name: 'upload_file', effect },
    ]);
    expect(outcome.results[1]).toMatchObject({ ok: false, code: 'TOOL_DENIED' });
    expect(outcome.results[2]).toMatchObject({
      ok: true,
      result: {
        untrusted_page_content: {
          content: { uploaded: { name: 'notes.txt', size: NOTES.byteLength } },
        },
      },
    });
    expect(outcome.results[3]).toMatchObject({ ok: false, code: 'UPLOAD_TYPE_REFUSED' });
    expect(String(outcome.results[3]?.['message'])).toContain('image/*');
    await expect
      .poll(() => rig.tab.locator('#seen-notes').textContent())
      .toBe(`notes.txt | ${NOTES.byteLength} | ${hex(NOTES).join(' ')}`);
    // One upload reached the page (the denied one did not), as a picker's input and change.
    expect(await rig.tab.evaluate(() => document.body.dataset['events'])).toBe('input;change;');
    expect(
      await rig.tab.evaluate(
        () => (document.querySelector('#photo') as HTMLInputElement).files?.length,
      ),
    ).toBe(0);
  });
});

interface SentBody {
  tools?: unknown[];
  messages?: { role: string; content?: unknown }[];
}

/** The last tool result the model received, parsed. */
function lastToolResult(body: SentBody): Record<string, any> | null {
  const message = body.messages?.filter((entry) => entry.role === 'tool').at(-1);
  return typeof message?.content === 'string' ? JSON.parse(message.content) : null;
}

/**
 * A model that reads the tree, downloads the notes, then uploads them into the cover
 * letter input by the ref and download id it received: nothing is known in advance.
 */
function uploadingModel(body: SentBody) {
  if ((body.tools ?? []).length === 0) return { steps: [{ text: 'Upload' }] };
  const last = lastToolResult(body);
  const call = (id: string, name: string, args: Record<string, unknown>) => ({
    steps: [{ toolCall: { id, name, arguments: args } }],
  });
  if (!last) return call('ui-tree', 'get_accessibility_tree', {});
  const tree = last['result']?.['untrusted_page_content']?.['content']?.['tree'];
  if (typeof tree === 'string') {
    uiRef = refIn(tree, 'button', 'Cover letter');
    return call('ui-download', 'download_files', { urls: [`https://${HOST}/notes.txt`] });
  }
  const downloaded = last['result']?.['files']?.[0]?.['downloadId'];
  if (typeof downloaded === 'number')
    return call('ui-upload', 'upload_file', { ref: uiRef, downloadId: downloaded });
  return { steps: [{ text: last['ok'] ? 'The notes are attached.' : 'It did not work.' }] };
}
let uiRef = '';

describe('upload_file through the panel', () => {
  it(
    'shows the file, its size and the site on the card, and the person’s approval uploads it',
    {
      timeout: 120_000,
    },
    async () => {
      const { panel } = rig;
      await rig.models.setScenario({ name: 'upload-ui', turns: [], policy: uploadingModel });
      await activateModel(panel, rig.modelId);
      await freshChatIn(panel, { siteId: 'web', projectId: `https://${HOST}` });
      const input = panel.getByTestId('composer-input');
      await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
      await input.fill('/mode act');
      await input.press('Enter');
      await expect
        .poll(() => panel.getByTestId('command-output-text').textContent())
        .toMatch(/^Mode: Act/);
      await sendFromComposer(panel, 'Download the order notes and attach them as my cover letter.');
      const approval = panel.getByTestId('action-approval');
      const effect = approval.getByTestId('action-effect');
      // The download asks first; then the upload, with the file's name and size and the site.
      await expect
        .poll(() => effect.textContent().catch(() => null), { timeout: 30_000 })
        .toBe(`Download a file: https://${HOST}/notes.txt`);
      await approval.getByTestId('approve-once').click();
      await expect
        .poll(() => effect.textContent().catch(() => null), { timeout: 30_000 })
        .toBe(
          `Upload notes.txt (${NOTES.byteLength} bytes) to ${HOST}, into input#cover "Cover letter"`,
        );
      expect(await approval.getByTestId('action-reason').textContent()).toBe(
        'It sends one of your files to this site.',
      );
      // Every upload asks: the card offers no "Allow for this run".
      expect(await approval.getByTestId('allow-run').count()).toBe(0);
      expect(await rig.tab.locator('#seen-cover').textContent()).toBe('nothing chosen');
      await approval.getByTestId('approve-once').click();
      await expect
        .poll(() => rig.tab.locator('#seen-cover').textContent(), { timeout: 30_000 })
        .toBe(`notes.txt | ${NOTES.byteLength} | ${hex(NOTES).join(' ')}`);
      await expect
        .poll(
          () =>
            panel
              .getByTestId('assistant-turn')
              .last()
              .textContent()
              .catch(() => null),
          { timeout: 30_000 },
        )
        .toContain('The notes are attached.');
    },
  );
});
