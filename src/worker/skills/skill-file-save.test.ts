import { describe, expect, it, vi } from 'vitest';
import { createFileSaver } from './skill-file-save';
import { SKILL_DOWNLOAD_MAX_BYTES } from './skill-download-job';

const URL_OF_FILE = 'https://jobs.example/files/report.csv';

function saverWith(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const start = vi.fn(async () => ({ ok: true as const, downloadId: 7 }));
  const save = createFileSaver({ fetch } as never, start);
  const signal = new AbortController().signal;
  return { fetch, start, run: () => save({ url: URL_OF_FILE, filename: 'report.csv', signal }) };
}

describe('createFileSaver', () => {
  it('fetches without credentials or redirects and hands Downloads the bytes as a data: URL', async () => {
    const { fetch, start, run } = saverWith(
      new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    expect(await run()).toEqual({ ok: true, downloadId: 7 });
    expect(fetch).toHaveBeenCalledWith(
      URL_OF_FILE,
      expect.objectContaining({ credentials: 'omit', redirect: 'manual', cache: 'no-store' }),
    );
    const [url, filename] = start.mock.calls[0] as unknown as [string, string];
    expect(filename).toBe('report.csv');
    expect(url).toBe(`data:text/csv;base64,${btoa('a,b\n1,2\n')}`);
  });

  it('keeps a content type that could break out of the data: URL as octet-stream', async () => {
    const { start, run } = saverWith(
      new Response('x', { headers: { 'content-type': 'text/html,<script>' } }),
    );
    await run();
    const [url] = start.mock.calls[0] as unknown as [string];
    expect(url.startsWith('data:application/octet-stream;base64,')).toBe(true);
  });

  it('refuses a failed fetch with the status and saves nothing', async () => {
    const { start, run } = saverWith(new Response('gone', { status: 404 }));
    expect(await run()).toMatchObject({ ok: false, code: 'SKILL_DOWNLOAD_FAILED' });
    expect(((await run()) as { message: string }).message).toContain('HTTP 404');
    expect(start).not.toHaveBeenCalled();
  });

  it('refuses a file larger than the bound before reading it, and saves nothing', async () => {
    const { start, run } = saverWith(
      new Response('x', {
        headers: { 'content-length': String(SKILL_DOWNLOAD_MAX_BYTES + 1) },
      }),
    );
    expect(await run()).toMatchObject({ ok: false, code: 'SKILL_DOWNLOAD_FAILED' });
    expect(start).not.toHaveBeenCalled();
  });

  it('turns a network error into a structured failure', async () => {
    const { start, run } = saverWith(new TypeError('Failed to fetch'));
    expect(await run()).toMatchObject({ ok: false, code: expect.any(String) });
    expect(start).not.toHaveBeenCalled();
  });
});
