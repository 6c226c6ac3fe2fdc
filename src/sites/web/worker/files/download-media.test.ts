import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolRunContext } from '../../../../worker/tools/define-tool';
import { modesOf } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { MAX_PAGE_FILE_BYTES, type MediaResource } from '../../methods/media-methods';
import { fileToolRig, textFile, type Served } from './__fixtures__/file-tool-rig';
import { DOWNLOAD_GRANT_KEY } from './download-review';
import { downloadResourceTool } from './download-resource.tool';
import { downloadSocialMediaTool } from './download-social-media.tool';
import { MAX_DOWNLOAD_BYTES } from './file-fetch';
import { runFiles } from './file-store';
import { mediaFileName } from './media-save';

const SHOP = 'https://shop.example';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const png = () => new Response(PNG, { headers: { 'content-type': 'image/png' } });

const media = (ref: number, url: string, extra: Partial<MediaResource> = {}): MediaResource => ({
  ref,
  kind: 'image',
  url,
  streaming: false,
  downloadName: '',
  width: 600,
  height: 400,
  target: `img "Photo ${ref}"`,
  ...extra,
});

type PageAnswers = Record<string, (payload: Record<string, unknown>) => unknown>;

/** The file-tool rig with a page that answers the media methods as `answers` say. */
function mediaRig(served: Served, answers: PageAnswers, options: { vision?: boolean } = {}) {
  const rig = fileToolRig(served);
  const asked: { method: string; payload: Record<string, unknown> }[] = [];
  const request = async (method: string, payload: Record<string, unknown>) => {
    asked.push({ method, payload });
    const answer = answers[method];
    if (!answer) throw new Error(`unexpected page method ${method}`);
    return { ok: true, data: answer(payload) };
  };
  const context = {
    ...rig.context,
    callId: `call-${Math.random()}`,
    supportsVision: options.vision ?? false,
    page: { tabId: 7, request },
  } as unknown as ToolRunContext;
  return { ...rig, context, asked };
}

const found = (resource: MediaResource) => () => ({ status: 'found', resource });

describe('download_resource_from_page', () => {
  it('is offered in Act and Dev when the person asks for media, with a valid schema', () => {
    const tool = downloadResourceTool(fileToolRig({}).deps) as ToolDefinition<unknown>;
    expect(modesOf(tool)).toEqual(['act', 'dev']);
    expect(tool.offerWhen?.(['Save this photo'])).toBe(true);
    expect(tool.offerWhen?.(['Grab the video in this post'])).toBe(true);
    expect(tool.offerWhen?.(['What is the price of the mug?'])).toBe(false);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
    const social = downloadSocialMediaTool(fileToolRig({}).deps) as ToolDefinition<unknown>;
    expect(social.offerWhen?.(['Summarize this page'])).toBe(false);
    expect(checkSchemaSubset(social.inputSchema).ok).toBe(true);
  });

  it('fetches an http image through the download gate: asks, then saves and keeps it', async () => {
    const url = `${SHOP}/media/mug.png`;
    const { deps, context, saved, requested } = mediaRig(
      { [url]: png },
      { 'web/media-resource': found(media(4, url)) },
    );
    const tool = downloadResourceTool(deps);
    const review = await tool.review!({ ref: 'e4' }, context);
    expect(review).toMatchObject({
      ask: true,
      grantKey: DOWNLOAD_GRANT_KEY,
      effect: `Download a file: ${url}`,
    });
    const outcome = await tool.execute({ ref: 'e4' }, context);
    expect(outcome).toMatchObject({
      ok: true,
      result: { files: [{ ref: 'e4', filename: 'mug.png', contentType: 'image/png', size: 11 }] },
    });
    expect(requested).toEqual([url]);
    expect(saved).toEqual([
      { url: `data:image/png;base64,${PNG.toString('base64')}`, filename: 'Side Agent/mug.png' },
    ]);
    expect(runFiles(context.runId)).toMatchObject([{ filename: 'mug.png', size: 11 }]);
  });

  it('saves a blob: image the page reads, naming it by its type, and fetches nothing', async () => {
    const url = 'blob:https://shop.example/7f3a';
    const { deps, context, saved, requested, asked } = mediaRig(
      {},
      {
        'web/media-resource': found(media(9, url)),
        'web/media-bytes': () => ({
          status: 'read',
          type: '',
          size: PNG.length,
          base64: PNG.toString('base64'),
        }),
      },
    );
    const tool = downloadResourceTool(deps);
    expect(await tool.review!({ ref: 'e9' }, context)).toMatchObject({
      ask: true,
      effect: 'Download a file: the image the page holds (img "Photo 9")',
    });
    const outcome = await tool.execute({ ref: 'e9' }, context);
    expect(outcome).toMatchObject({
      ok: true,
      result: { files: [{ filename: 'image.png', contentType: 'image/png', size: PNG.length }] },
    });
    expect(saved[0]?.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(requested).toEqual([]);
    expect(asked.at(-1)).toEqual({ method: 'web/media-bytes', payload: { ref: 9, url } });
  });

  it('refuses a ref that holds no media, a stream, and a revoked blob, saving nothing', async () => {
    const notMedia = mediaRig(
      {},
      { 'web/media-resource': () => ({ status: 'not-media', target: 'button "Like"' }) },
    );
    expect(
      await downloadResourceTool(notMedia.deps).review!({ ref: 'e2' }, notMedia.context),
    ).toMatchObject({
      ask: 'refused',
      outcome: { code: 'MEDIA_NOT_FOUND', message: expect.stringContaining('button "Like"') },
    });
    const hls = mediaRig(
      {},
      {
        'web/media-resource': found(
          media(3, 'https://v.example/a.m3u8', { kind: 'video', streaming: true }),
        ),
      },
    );
    expect(await downloadResourceTool(hls.deps).review!({ ref: 'e3' }, hls.context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'MEDIA_STREAMING' },
    });
    const revoked = mediaRig(
      {},
      {
        'web/media-resource': found(media(5, 'blob:https://shop.example/gone')),
        'web/media-bytes': () => ({ status: 'unreadable', why: 'revoked' }),
      },
    );
    expect(
      await downloadResourceTool(revoked.deps).execute({ ref: 'e5' }, revoked.context),
    ).toMatchObject({
      ok: false,
      code: 'MEDIA_UNREADABLE',
    });
    expect([...notMedia.saved, ...hls.saved, ...revoked.saved]).toEqual([]);
  });

  it('refuses bytes that are not what the element shows, and a blob past the bound', async () => {
    const html = `data:text/html;base64,${Buffer.from('<script>1</script>').toString('base64')}`;
    const notImage = mediaRig(
      {},
      {
        'web/media-resource': found(media(6, html.slice(0, 60))),
        'web/media-bytes': () => ({
          status: 'read',
          type: 'text/html',
          size: 18,
          base64: Buffer.from('<script>1</script>').toString('base64'),
        }),
      },
    );
    expect(
      await downloadResourceTool(notImage.deps).execute({ ref: 'e6' }, notImage.context),
    ).toMatchObject({
      ok: false,
      code: 'MEDIA_NOT_MEDIA',
    });
    // A cross-origin "image" address that answers with a sign-in page is refused alike.
    const login = mediaRig(
      { 'https://cdn.other.example/p.jpg': textFile('<html>Sign in</html>', 'text/html') },
      { 'web/media-resource': found(media(7, 'https://cdn.other.example/p.jpg')) },
    );
    expect(
      await downloadResourceTool(login.deps).execute({ ref: 'e7' }, login.context),
    ).toMatchObject({
      ok: false,
      code: 'MEDIA_NOT_MEDIA',
    });
    const huge = mediaRig(
      {},
      {
        'web/media-resource': found(media(8, 'blob:https://v.example/1', { kind: 'video' })),
        'web/media-bytes': () => ({ status: 'too-large', size: 2 * 1024 ** 3 }),
      },
    );
    expect(
      await downloadResourceTool(huge.deps).execute({ ref: 'e8' }, huge.context),
    ).toMatchObject({
      ok: false,
      code: 'DOWNLOAD_TOO_LARGE',
    });
    expect([...notImage.saved, ...login.saved, ...huge.saved]).toEqual([]);
    expect(MAX_PAGE_FILE_BYTES).toBe(MAX_DOWNLOAD_BYTES);
  });

  it('saves nothing when the page swapped the media after the card, or saving is not allowed', async () => {
    let url = `${SHOP}/a.png`;
    const swapped = mediaRig(
      { [`${SHOP}/a.png`]: png, [`${SHOP}/b.png`]: png },
      { 'web/media-resource': () => ({ status: 'found', resource: media(4, url) }) },
    );
    const tool = downloadResourceTool(swapped.deps);
    await tool.review!({ ref: 'e4' }, swapped.context);
    url = `${SHOP}/b.png`;
    expect(await tool.execute({ ref: 'e4' }, swapped.context)).toMatchObject({
      ok: false,
      code: 'PAGE_DOCUMENT_CHANGED',
    });
    expect(swapped.saved).toEqual([]);
    const blocked = fileToolRig({}, { canSave: false });
    const context = {
      ...blocked.context,
      page: {
        tabId: 7,
        request: async () => ({
          ok: true,
          data: { status: 'found', resource: media(4, `${SHOP}/a.png`) },
        }),
      },
    } as unknown as ToolRunContext;
    expect(await downloadResourceTool(blocked.deps).review!({ ref: 'e4' }, context)).toMatchObject({
      ask: 'refused',
      outcome: { code: 'DOWNLOAD_NOT_ALLOWED' },
    });
  });
});

describe('download_social_media', () => {
  it("asks once for all of a post's files and saves each, streams listed as not saved", async () => {
    const post = [
      media(11, `${SHOP}/p/1.png`),
      media(12, 'blob:https://shop.example/ab'),
      media(13, 'blob:https://shop.example/live', {
        kind: 'video',
        streaming: true,
        target: 'video',
      }),
    ];
    const { deps, context, saved, asked } = mediaRig(
      { [`${SHOP}/p/1.png`]: png },
      {
        'web/post-media': () => ({
          status: 'found',
          container: 'article',
          media: post,
          total: 3,
          skipped: 2,
        }),
        'web/media-bytes': () => ({
          status: 'read',
          type: 'image/png',
          size: PNG.length,
          base64: PNG.toString('base64'),
        }),
      },
    );
    const tool = downloadSocialMediaTool(deps);
    const review = await tool.review!({}, context);
    expect(review).toMatchObject({
      ask: true,
      effect: `Download 2 files: ${SHOP}/p/1.png, the image the page holds (img "Photo 12")`,
    });
    const outcome = await tool.execute({}, context);
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        post: 'article',
        files: [
          { ref: 'e11', filename: '1.png' },
          { ref: 'e12', filename: 'image.png' },
          { ref: 'e13', code: 'MEDIA_STREAMING' },
        ],
      },
    });
    expect(saved).toHaveLength(2);
    expect(asked[0]).toEqual({ method: 'web/post-media', payload: { ref: undefined } });
  });

  it('hints a vision model to look at a screenshot when the page shows no media', async () => {
    const empty = () => ({
      status: 'found',
      container: 'article',
      media: [],
      total: 0,
      skipped: 4,
    });
    const seeing = mediaRig({}, { 'web/post-media': empty }, { vision: true });
    expect(
      await downloadSocialMediaTool(seeing.deps).execute({ ref: 'e3' }, seeing.context),
    ).toMatchObject({
      ok: false,
      code: 'MEDIA_NOT_FOUND',
      message: expect.stringContaining('screenshot'),
      details: { next: 'screenshot' },
    });
    expect(seeing.asked[0]?.payload).toEqual({ ref: 3 });
    const blind = mediaRig({}, { 'web/post-media': empty });
    const answer = await downloadSocialMediaTool(blind.deps).execute(
      { strategy: 'dom' },
      blind.context,
    );
    expect(answer).toMatchObject({ ok: false, code: 'MEDIA_NOT_FOUND' });
    expect(JSON.stringify(answer)).not.toContain('screenshot');
  });
});

describe('media file names', () => {
  it("cleans a link's download name and adds the type's extension where none is given", () => {
    const link = media(1, 'blob:https://x.example/1', {
      kind: 'file',
      downloadName: '../../etc/passwd x.csv',
    });
    expect(mediaFileName(link, 'text/csv')).toBe('etc_passwd_x.csv');
    expect(mediaFileName(media(2, 'https://pbs.example/media/A1b2?format=jpg'), 'image/jpeg')).toBe(
      'A1b2.jpg',
    );
    expect(
      mediaFileName(media(3, 'data:video/mp4;base64,AAAA', { kind: 'video' }), 'video/mp4'),
    ).toBe('video.mp4');
  });
});
