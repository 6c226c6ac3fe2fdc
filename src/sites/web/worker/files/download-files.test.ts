import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { needsApproval } from '../../../../worker/tools/approval-policy';
import { modesOf } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { fileToolRig, textFile } from './__fixtures__/file-tool-rig';
import { DOWNLOAD_GRANT_KEY } from './download-review';
import { downloadFilesTool, MAX_CONCURRENT_DOWNLOADS } from './download-files.tool';
import { MAX_DOWNLOAD_BYTES } from './file-fetch';
import { MAX_DOWNLOADS_PER_RUN, runFiles } from './file-store';
import { listDownloadsTool } from './list-downloads.tool';
import { readDownloadedFileTool, MAX_FILE_READ_CHARS } from './read-downloaded-file.tool';

const SHOP = 'https://shop.example';
const none = () => false;

describe('download_files', () => {
  it('is offered in Act and Dev when the person asks for files, with a valid schema', () => {
    const tool = downloadFilesTool(fileToolRig({}).deps) as ToolDefinition<unknown>;
    expect(modesOf(tool)).toEqual(['act', 'dev']);
    expect(tool.offerWhen?.(['Download the March invoice'])).toBe(true);
    expect(tool.offerWhen?.(['Read this PDF for me'])).toBe(true);
    expect(tool.offerWhen?.(['What is the price of the mug?'])).toBe(false);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
  });

  it('asks unless allowed for the run, saves the file and reads it back', async () => {
    const { deps, context, saved } = fileToolRig({
      [`${SHOP}/files/notes.txt`]: textFile('Order 42: two blue mugs'),
    });
    const tool = downloadFilesTool(deps);
    const args = { urls: [`${SHOP}/files/notes.txt`] };
    const review = await tool.review!(args, context);
    expect(review).toMatchObject({ ask: true, grantKey: DOWNLOAD_GRANT_KEY });
    const asTool = tool as ToolDefinition<unknown>;
    expect(needsApproval(asTool, 'ask', new Set(), none, review)).toBe('action-approval');
    expect(needsApproval(asTool, 'ask', new Set([DOWNLOAD_GRANT_KEY]), none, review)).toBe('none');
    const outcome = await tool.execute(args, context);
    expect(outcome).toMatchObject({
      ok: true,
      result: { files: [{ downloadId: 101, filename: 'notes.txt', size: 23 }] },
    });
    expect(saved).toEqual([
      {
        url: `data:text/plain;base64,${Buffer.from('Order 42: two blue mugs').toString('base64')}`,
        filename: 'Side Agent/notes.txt',
      },
    ]);
    const listed = await listDownloadsTool.execute({}, context);
    expect(listed).toMatchObject({
      ok: true,
      result: {
        files: [{ downloadId: 101, readable: true }],
        downloadsLeft: MAX_DOWNLOADS_PER_RUN - 1,
      },
    });
    const read = await readDownloadedFileTool.execute({ downloadId: 101, offset: 0 }, context);
    expect(read).toMatchObject({
      ok: true,
      result: { untrusted_page_content: { content: 'Order 42: two blue mugs' } },
    });
  });

  it(`fetches at most ${MAX_CONCURRENT_DOWNLOADS} files at once`, async () => {
    const urls = Array.from({ length: 8 }, (_url, index) => `${SHOP}/f${index}.txt`);
    const { deps, context, flight, saved } = fileToolRig(
      Object.fromEntries(urls.map((url) => [url, textFile(url)])),
      { delayMs: 20 },
    );
    const outcome = await downloadFilesTool(deps).execute({ urls }, context);
    expect(outcome.ok).toBe(true);
    expect(saved).toHaveLength(8);
    expect(flight.most).toBe(MAX_CONCURRENT_DOWNLOADS);
  });

  it(`refuses past ${MAX_DOWNLOADS_PER_RUN} downloads in one run`, async () => {
    const urls = Array.from({ length: 30 }, (_url, index) => `${SHOP}/f${index}.txt`);
    const { deps, context, requested } = fileToolRig(
      Object.fromEntries(urls.map((url) => [url, textFile('x')])),
    );
    const tool = downloadFilesTool(deps);
    expect((await tool.execute({ urls }, context)).ok).toBe(true);
    const review = await tool.review!({ urls }, context);
    expect(review).toMatchObject({ ask: 'refused', outcome: { code: 'DOWNLOAD_LIMIT_REACHED' } });
    expect(await tool.execute({ urls }, context)).toMatchObject({
      ok: false,
      code: 'DOWNLOAD_LIMIT_REACHED',
    });
    expect(requested).toHaveLength(30);
    expect(runFiles(context.runId)).toHaveLength(30);
  });

  it('refuses a 2 GB file by its Content-Length before reading a byte', async () => {
    let pulled = 0;
    const huge = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled += 1;
            controller.enqueue(new Uint8Array(1024));
          },
        }),
        { headers: { 'content-length': String(2 * 1024 ** 3) } },
      );
    const { deps, context, saved } = fileToolRig({ [`${SHOP}/big.iso`]: huge });
    const outcome = await downloadFilesTool(deps).execute({ urls: [`${SHOP}/big.iso`] }, context);
    expect(outcome).toMatchObject({ ok: false, code: 'DOWNLOAD_TOO_LARGE' });
    expect(saved).toEqual([]);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('stops a file that streams past the bound without declaring its size', async () => {
    let sent = 0;
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            sent += 1_000_000;
            controller.enqueue(new Uint8Array(1_000_000));
          },
        }),
      );
    const { deps, context, saved } = fileToolRig({ [`${SHOP}/stream.bin`]: endless });
    const outcome = await downloadFilesTool(deps).execute(
      { urls: [`${SHOP}/stream.bin`] },
      context,
    );
    expect(outcome).toMatchObject({ ok: false, code: 'DOWNLOAD_TOO_LARGE' });
    expect(saved).toEqual([]);
    expect(sent).toBeLessThanOrEqual(MAX_DOWNLOAD_BYTES + 2_000_000);
  });

  it('refuses without asking when Downloads is not allowed, or the address is refused', async () => {
    const blocked = fileToolRig({}, { canSave: false });
    const tool = downloadFilesTool(blocked.deps);
    expect(await tool.review!({ urls: [`${SHOP}/a.txt`] }, blocked.context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'DOWNLOAD_NOT_ALLOWED' },
    });
    const { deps, context, requested } = fileToolRig({});
    expect(
      await downloadFilesTool(deps).execute({ urls: ['http://192.168.1.1/router.cfg'] }, context),
    ).toMatchObject({ ok: false, code: 'FETCH_ADDRESS_REFUSED' });
    expect(requested).toEqual([]);
  });
});

describe('read_downloaded_file', () => {
  it('reads at most its bound and says where to go on; refuses binary and unknown ids', async () => {
    const long = 'a'.repeat(MAX_FILE_READ_CHARS + 10);
    const { deps, context } = fileToolRig({
      [`${SHOP}/long.txt`]: textFile(long),
      [`${SHOP}/img.png`]: () => new Response(new Uint8Array([137, 80, 78, 71, 0, 0, 1])),
    });
    await downloadFilesTool(deps).execute(
      { urls: [`${SHOP}/long.txt`, `${SHOP}/img.png`] },
      context,
    );
    const read = await readDownloadedFileTool.execute({ downloadId: 101, offset: 0 }, context);
    if (!read.ok) throw new Error(read.message);
    expect(read.result).toMatchObject({
      totalChars: MAX_FILE_READ_CHARS + 10,
      nextOffset: MAX_FILE_READ_CHARS,
    });
    expect(
      await readDownloadedFileTool.execute({ downloadId: 102, offset: 0 }, context),
    ).toMatchObject({ ok: false, code: 'FILE_NOT_TEXT' });
    expect(
      await readDownloadedFileTool.execute({ downloadId: 999, offset: 0 }, context),
    ).toMatchObject({ ok: false, code: 'DOWNLOAD_UNKNOWN' });
  });
});
