import { beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../../shared/protocol/envelope';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import type {
  CallReview,
  ToolDefinition,
  ToolOutcome,
  ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { uploadMethods } from '../../methods/upload-methods';
import { keepFile } from '../files/file-store';
import type { ActionDeps } from './action-target';
import { uploadFileTool } from './upload-file.tool';

const PAGE = 'https://forms.example/apply';
const allowed: AccessFacts = {
  allowed: { always: [{ pattern: 'https://forms.example/*', since: 1, permission: 'requested' }] },
  browserOrigins: ['https://forms.example/*'],
  activeTabs: [],
  browser: 'chromium',
};
const NOTES = new TextEncoder().encode('Order 42: two blue mugs');
const RUN = 'upload-run';

beforeAll(() => {
  keepFile(RUN, {
    downloadId: 7,
    url: 'https://shop.example/notes.txt',
    filename: 'notes.txt',
    contentType: 'text/plain; charset=utf-8',
    size: NOTES.byteLength,
    bytes: NOTES,
  });
  keepFile(RUN, {
    downloadId: 8,
    url: 'https://shop.example/big.bin',
    filename: 'big.bin',
    contentType: 'application/octet-stream',
    size: 26 * 1024 * 1024,
    bytes: new Uint8Array(26 * 1024 * 1024),
  });
});

type Answers = Partial<Record<keyof typeof uploadMethods, (payload: never) => unknown>>;

const found = (extra: Record<string, unknown> = {}) => ({
  status: 'found',
  target: 'input#resume',
  accept: '',
  multiple: false,
  disabled: false,
  ...extra,
});

function setup(answers: Answers, options: { siteAllowed?: boolean } = {}) {
  const calls: { method: string; payload: unknown }[] = [];
  const request = async (method: string, payload: unknown): Promise<Result<unknown>> => {
    calls.push({ method, payload });
    const answer = answers[method as keyof Answers]?.(payload as never);
    if (answer === undefined)
      return { ok: false, error: { code: 'PAGE_UNAVAILABLE', message: 'no answer' } };
    return { ok: true, data: uploadMethods[method as keyof Answers].response.parse(answer) };
  };
  const context = {
    runId: RUN,
    callId: 'call-1',
    signal: new AbortController().signal,
    page: { tabId: 1, request },
    personText: ['Upload the order notes to the form.'],
  } as unknown as ToolRunContext;
  const deps = {
    accessFacts: async () => (options.siteAllowed === false ? null : allowed),
    tabUrl: async () => PAGE,
  } as unknown as ActionDeps;
  const tool = uploadFileTool(deps) as ToolDefinition<unknown>;
  const parse = (args: Record<string, unknown>) => {
    const parsed = tool.parseArguments(args);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.args;
  };
  return {
    calls,
    review: (args: Record<string, unknown>) =>
      tool.review!(parse(args), context) as Promise<CallReview>,
    execute: (args: Record<string, unknown>) =>
      tool.execute(parse(args), context) as Promise<ToolOutcome>,
    tool,
  };
}

const refusedCode = (review: CallReview) =>
  review.ask === 'refused' ? review.outcome.code : `asked: ${String(review.ask)}`;

describe('upload_file review', () => {
  it('always asks, naming the file, its size and the site, with no run grant', async () => {
    const { review } = setup({ 'web/upload-target': () => found() });
    expect(await review({ ref: 'e4', downloadId: 7 })).toEqual({
      ask: true,
      effect: 'Upload notes.txt (23 bytes) to forms.example, into input#resume',
      reason: 'It sends one of your files to this site.',
      destination: PAGE,
      grantKey: null,
    });
  });

  it('refuses a download the run does not have, pointing to list_downloads', async () => {
    const { review, calls } = setup({ 'web/upload-target': () => found() });
    const answer = await review({ ref: 'e4', downloadId: 99 });
    expect(refusedCode(answer)).toBe('DOWNLOAD_UNKNOWN');
    expect(answer.ask === 'refused' && answer.outcome.message).toContain('list_downloads');
    expect(calls).toEqual([]);
  });

  it('refuses a file past the upload bound before touching the page', async () => {
    const { review, calls } = setup({ 'web/upload-target': () => found() });
    const answer = await review({ ref: 'e4', downloadId: 8 });
    expect(refusedCode(answer)).toBe('UPLOAD_TOO_LARGE');
    expect(answer.ask === 'refused' && answer.outcome.message).toContain('25.0 MB');
    expect(calls).toEqual([]);
  });

  it('refuses a target that is no file input, saying what to give instead', async () => {
    const { review } = setup({
      'web/upload-target': () => ({ status: 'not-file-input', target: 'button "Save"' }),
    });
    const answer = await review({ ref: 'e4', downloadId: 7 });
    expect(refusedCode(answer)).toBe('INPUT_WRONG_CONTROL');
    expect(answer.ask === 'refused' && answer.outcome.message).toContain('file upload control');
  });

  it('refuses a file the input’s accept attribute rejects, naming what it takes', async () => {
    const { review } = setup({ 'web/upload-target': () => found({ accept: 'image/*,.pdf' }) });
    const answer = await review({ ref: 'e4', downloadId: 7 });
    expect(refusedCode(answer)).toBe('UPLOAD_TYPE_REFUSED');
    expect(answer.ask === 'refused' && answer.outcome.message).toContain('image/*,.pdf');
  });

  it('refuses on a site the person did not allow', async () => {
    const { review, calls } = setup({ 'web/upload-target': () => found() }, { siteAllowed: false });
    expect(refusedCode(await review({ ref: 'e4', downloadId: 7 }))).toBe('INPUT_NOT_ALLOWED');
    expect(calls).toEqual([]);
  });

  it('is offered only when the person talks about files or uploading', () => {
    const { tool } = setup({});
    expect(tool.offerWhen?.(['Attach my CV to the application'])).toBe(true);
    expect(tool.offerWhen?.(['Upload the picture'])).toBe(true);
    expect(tool.offerWhen?.(['What is the price of the mug?'])).toBe(false);
  });
});

describe('upload_file execute', () => {
  it('sends the exact bytes with the bare MIME type and reports what the input holds', async () => {
    const { execute, calls } = setup({
      'web/upload-target': () => found(),
      'web/upload-set': () => ({
        status: 'set',
        target: 'input#resume',
        files: [{ name: 'notes.txt', size: 23 }],
      }),
    });
    const outcome = await execute({ ref: 'e4', downloadId: 7 });
    expect(outcome).toMatchObject({
      ok: true,
      summary: 'Uploaded notes.txt (23 bytes) to e4.',
      result: {
        untrusted_page_content: { content: { uploaded: { name: 'notes.txt', size: 23 } } },
      },
    });
    const sent = calls.find((call) => call.method === 'web/upload-set')?.payload as {
      base64: string;
      type: string;
      ref: number;
    };
    expect(sent.ref).toBe(4);
    expect(sent.type).toBe('text/plain');
    expect(atob(sent.base64)).toBe('Order 42: two blue mugs');
  });

  it('fails plainly when the page threw the file away after its change handler', async () => {
    const { execute } = setup({
      'web/upload-target': () => found(),
      'web/upload-set': () => ({ status: 'set', target: 'input#resume', files: [] }),
    });
    const outcome = await execute({ ref: 'e4', downloadId: 7 });
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_NOT_ACCEPTED' });
    expect(outcome.ok === false && outcome.message).toContain('holds no file');
  });
});
