import { describe, expect, it } from 'vitest';
import { exportTool } from './__fixtures__/skill-files';
import { fakeFetch, json, toolContext } from './__fixtures__/fake-fetch';
import { createSkillDownloadJobTool, safeFilename, type SaveDownload } from './skill-download-job';
import { parseSkillManifest, type SkillDownloadJobTool } from './skill-manifest';
import { modesOf } from '../tools/run-tool-policy';

const owner = { id: 'skill-2', name: 'Reports' };

function jobTool(extra: Record<string, unknown> = {}): SkillDownloadJobTool {
  const parsed = parseSkillManifest({ version: 1, tools: [{ ...exportTool, ...extra }] });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.manifest.tools[0] as SkillDownloadJobTool;
}

function recorder() {
  const saved: { url: string; filename: string }[] = [];
  const save: SaveDownload = async ({ url, filename }) => {
    saved.push({ url, filename });
    return { ok: true, downloadId: 7 };
  };
  return { saved, save };
}

describe('createSkillDownloadJobTool', () => {
  it('is never offered in Ask', () => {
    const tool = createSkillDownloadJobTool(owner, jobTool(), {
      ...fakeFetch(() => json({})),
      saveDownload: recorder().save,
    });
    expect(modesOf(tool)).toEqual(['act', 'dev']);
  });

  it('posts the job, polls its status, saves the file and calls cleanup', async () => {
    let polls = 0;
    const net = fakeFetch((url, init) => {
      if (url === 'https://reports.example/jobs')
        return json({
          statusUrl: 'https://reports.example/jobs/1',
          cleanupUrl: 'https://reports.example/jobs/1',
        });
      if (init.method === 'DELETE') return json({ deleted: true });
      polls += 1;
      return json(
        polls < 2
          ? { status: 'running' }
          : {
              status: 'done',
              downloadUrl: 'https://reports.example/files/1.pdf',
              filename: '../../etc/report 1.pdf',
            },
      );
    });
    const downloads = recorder();
    const tool = createSkillDownloadJobTool(owner, jobTool(), {
      ...net,
      saveDownload: downloads.save,
    });
    const outcome = await tool.execute({ title: 'Q3' }, toolContext());
    expect(outcome).toMatchObject({
      ok: true,
      summary: 'export_report: saved report 1.pdf to Downloads',
    });
    expect(downloads.saved).toEqual([
      { url: 'https://reports.example/files/1.pdf', filename: 'report 1.pdf' },
    ]);
    expect(net.requests.map((request) => request.init.method)).toEqual([
      'POST',
      'GET',
      'GET',
      'DELETE',
    ]);
    expect(net.requests.every((request) => request.init.credentials === 'omit')).toBe(true);
  });

  it('refuses a status or download address on another origin, and still cleans up', async () => {
    const net = fakeFetch((url, init) => {
      if (init.method === 'POST')
        return json({
          statusUrl: 'https://reports.example/jobs/1',
          cleanupUrl: 'https://reports.example/jobs/1',
        });
      if (init.method === 'DELETE') return json({});
      return json({ status: 'done', downloadUrl: 'https://evil.example/x.exe' });
    });
    const downloads = recorder();
    const tool = createSkillDownloadJobTool(owner, jobTool(), {
      ...net,
      saveDownload: downloads.save,
    });
    const outcome = await tool.execute({}, toolContext());
    expect(outcome).toMatchObject({ ok: false, code: 'SKILL_ENDPOINT_REFUSED' });
    expect(downloads.saved).toHaveLength(0);
    expect(net.requests.at(-1)!.init.method).toBe('DELETE');

    const elsewhere = fakeFetch(() => json({ statusUrl: 'https://evil.example/jobs/1' }));
    const refused = await createSkillDownloadJobTool(owner, jobTool(), {
      ...elsewhere,
      saveDownload: downloads.save,
    }).execute({}, toolContext());
    expect(refused).toMatchObject({ ok: false, code: 'SKILL_ENDPOINT_REFUSED' });
    expect(elsewhere.requests).toHaveLength(1);
  });

  it('reports a failed job and a job out of time', async () => {
    const failed = fakeFetch((_url, init) =>
      init.method === 'POST'
        ? json({ statusUrl: 'https://reports.example/jobs/1' })
        : json({ status: 'failed', error: 'template missing' }),
    );
    expect(
      await createSkillDownloadJobTool(owner, jobTool(), {
        ...failed,
        saveDownload: recorder().save,
      }).execute({}, toolContext()),
    ).toMatchObject({
      ok: false,
      code: 'SKILL_JOB_FAILED',
      message: 'The job failed: template missing',
    });
    let clock = 0;
    const slow = fakeFetch((_url, init) =>
      init.method === 'POST'
        ? json({ statusUrl: 'https://reports.example/jobs/1' })
        : json({ status: 'running' }),
    );
    const outcome = await createSkillDownloadJobTool(owner, jobTool({ timeoutMs: 1_000 }), {
      ...slow,
      saveDownload: recorder().save,
      now: () => (clock += 400),
    }).execute({}, toolContext());
    expect(outcome).toMatchObject({ ok: false, code: 'SKILL_JOB_TIMEOUT' });
  });

  it('makes file names safe', () => {
    expect(safeFilename('..\\..\\a<b>.pdf')).toBe('a_b_.pdf');
    expect(safeFilename(undefined)).toBe('download');
  });
});
