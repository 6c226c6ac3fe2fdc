import { describe, expect, it, vi } from 'vitest';
import { checkSchemaSubset } from '../../../worker/tools/schema-subset';
import type { ToolRunContext } from '../../../worker/tools/define-tool';
import { ProtocolFailure, type Result } from '../../../shared/protocol/envelope';
import { applyChanges } from '../../../shared/text/text-change';
import { hashText } from '../../../shared/text/text-hash';
import { workerSite } from './typst.worker';
import { findDocsTopic, DOCS_TOPICS } from './docs/typst-docs';
import { normalizeToolPath } from './open-project-file.tool';

/** An in-memory typst.app page: one open file, a view token, a document. */
function fakePage(initial: string) {
  const page = {
    file: 'chapters/intro.typ',
    token: 'view-1',
    text: initial,
    overlay: null as string | null,
    commits: 0,
    idle: true,
    diagnostics: [] as unknown[],
  };
  const handlers: Record<string, (payload: never) => unknown> = {
    'typst/capabilities': () => ({
      editor: true,
      selection: false,
      filesPanel: true,
      improvePanel: true,
      preview: true,
      openedImage: false,
    }),
    'typst/identity': () => ({
      file: { projectLabel: 'Thesis', path: page.file, source: 'header_breadcrumb' },
      editor: true,
      viewToken: page.token,
      assetPath: null,
      selection: { anchor: 0, head: 0 },
    }),
    'document/snapshot': async () => ({
      scopeKey: 'p',
      fileLabel: page.file,
      viewToken: page.token,
      text: page.text,
      length: page.text.length,
      hash: await hashText(page.text),
      selection: { anchor: 0, head: 0 },
    }),
    'document/show-review': ({ reviewId }: { reviewId: string }) => (
      (page.overlay = reviewId),
      { shown: true }
    ),
    'document/clear-review': () => ((page.overlay = null), { cleared: true }),
    'document/commit': async ({
      expected,
      changes,
    }: {
      expected: { fileLabel: string; viewToken: string; hash: string };
      changes: never[];
    }) => {
      if (expected.fileLabel !== page.file) throw new ProtocolFailure('STALE_EDIT_FILE', 'file');
      if (expected.viewToken !== page.token) throw new ProtocolFailure('STALE_EDITOR', 'editor');
      if (expected.hash !== (await hashText(page.text)))
        throw new ProtocolFailure('STALE_DOCUMENT', 'doc');
      page.text = applyChanges(page.text, changes);
      page.commits += 1;
      return { applied: 1, length: page.text.length, hash: await hashText(page.text) };
    },
    'typst/diagnostics': () => ({
      panelFound: true,
      clean: true,
      diagnostics: page.diagnostics,
      truncated: false,
      errorCount: 0,
      warningCount: 0,
      spellingCount: 0,
      statusCount: 0,
      compileIdle: page.idle,
    }),
  };
  const request = async (method: string, payload: unknown): Promise<Result<unknown>> => {
    try {
      const handler = handlers[method];
      if (!handler) throw new ProtocolFailure('UNKNOWN_MESSAGE_TYPE', method);
      return { ok: true, data: await handler(payload as never) };
    } catch (error) {
      const failure = error as ProtocolFailure;
      return { ok: false, error: { code: failure.code, message: failure.message } };
    }
  };
  return { page, request };
}

function contextFor(
  fake: ReturnType<typeof fakePage>,
  options: { mode?: 'ask' | 'auto'; decision?: 'apply' | 'reject'; onWait?: () => void } = {},
) {
  const reviewEdit = vi.fn(async () => options.decision ?? 'apply');
  const waitForPage = vi.fn(async (_pending: unknown, isReady: () => Promise<boolean>) => {
    options.onWait?.();
    return (await isReady()) ? ('ready' as const) : ('skipped' as const);
  });
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    signal: new AbortController().signal,
    identity: { tabId: 1, scope: { siteId: 'typst', projectId: 'p' }, sessionId: 's' },
    editMode: options.mode ?? 'ask',
    page: { tabId: 1, request: fake.request },
    interaction: { waitForPage, reviewEdit, notice: vi.fn() },
    state: {
      checkpointId: null,
      site: { kind: 'typst', targetFile: 'chapters/intro.typ', capturedSelection: null },
    },
    documentHooks: {},
  } as unknown as ToolRunContext;
  return { context, reviewEdit, waitForPage };
}

const typstTools = workerSite.tools;
const tool = (name: string) => typstTools.find((candidate) => candidate.name === name)!;
const run = (name: string, args: unknown, context: ToolRunContext) => {
  const parsed = tool(name).parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool(name).execute(parsed.args, context);
};

describe('typst tool definitions', () => {
  it('are ten, with source-owned effects and schemas inside the subset', () => {
    expect(typstTools.map((entry) => entry.name)).toEqual([
      'read_file_structure',
      'open_project_file',
      'read_document',
      'read_diagnostics',
      'read_typst_docs',
      'replace_lines',
      'search_replace',
      'patch_document',
      'insert_at_cursor',
      'replace_selection',
    ]);
    for (const entry of typstTools) {
      expect(checkSchemaSubset(entry.inputSchema), entry.name).toMatchObject({ ok: true });
      expect(entry.inputSchema['type']).toBe('object');
      const isWrite = [
        'replace_lines',
        'search_replace',
        'patch_document',
        'insert_at_cursor',
        'replace_selection',
      ].includes(entry.name);
      expect([entry.effect, entry.approval]).toEqual(
        isWrite ? ['editor-write', 'editor-review'] : ['read', 'automatic'],
      );
    }
  });

  it('normalizes and refuses project paths', () => {
    expect(normalizeToolPath('./chapters//intro.typ')).toBe('chapters/intro.typ');
    expect(normalizeToolPath('..\\secret')).toBeNull();
    expect(normalizeToolPath('a/\u0000b')).toBeNull();
  });

  it('finds docs topics by id, number, alias and file name', () => {
    expect(DOCS_TOPICS).toHaveLength(12);
    expect(findDocsTopic('math')?.id).toBe('math');
    expect(findDocsTopic('03')?.id).toBe('math');
    expect(findDocsTopic('12-cheat-sheet.md')?.id).toBe('cheat-sheet');
    expect(findDocsTopic('visualise')?.id).toBe('visualize');
    expect(findDocsTopic('nope')).toBeNull();
  });
});

describe('edit flow', () => {
  it('Ask: shows the overlay, commits the reviewed change and clears the overlay', async () => {
    const fake = fakePage('a\nb\nc');
    const { context, reviewEdit } = contextFor(fake);
    const outcome = await run(
      'replace_lines',
      { start_line: 2, end_line: 2, new_content: 'B' },
      context,
    );
    expect(fake.page.text).toBe('a\nB\nc');
    expect(reviewEdit).toHaveBeenCalledOnce();
    expect(fake.page.overlay).toBeNull();
    expect(outcome).toMatchObject({
      ok: true,
      result: { reviewed_diff: true },
      receipt: { reviewedDiff: true, status: 'unavailable' },
    });
  });

  it('Reject: EDIT_REJECTED and nothing written; Auto: no review, reviewed_diff false', async () => {
    const fake = fakePage('a\nb');
    expect(
      await run(
        'search_replace',
        { search: 'b', replace: 'x' },
        contextFor(fake, { decision: 'reject' }).context,
      ),
    ).toMatchObject({ ok: false, code: 'EDIT_REJECTED' });
    expect([fake.page.text, fake.page.commits, fake.page.overlay]).toEqual(['a\nb', 0, null]);
    const auto = contextFor(fake, { mode: 'auto' });
    expect(await run('search_replace', { search: 'b', replace: 'x' }, auto.context)).toMatchObject({
      ok: true,
      result: { reviewed_diff: false },
    });
    expect(auto.reviewEdit).not.toHaveBeenCalled();
  });

  it('a no-op needs no review and writes nothing; bad arguments are structured errors', async () => {
    const fake = fakePage('a\na');
    const { context, reviewEdit } = contextFor(fake);
    expect(await run('search_replace', { search: 'a\na', replace: 'a\na' }, context)).toMatchObject(
      { ok: true, result: { no_changes: true } },
    );
    expect(await run('search_replace', { search: 'a', replace: 'b' }, context)).toMatchObject({
      ok: false,
      code: 'EDIT_TARGET_AMBIGUOUS',
      details: { match_count: 2 },
    });
    expect(
      await run('replace_lines', { start_line: 1, end_line: 9, new_content: 'x' }, context),
    ).toMatchObject({ ok: false, code: 'INVALID_EDIT_RANGE' });
    expect(reviewEdit).not.toHaveBeenCalled();
  });

  it('a document changed during review is refused as stale and nothing is applied', async () => {
    const fake = fakePage('a\nb');
    const { context } = contextFor(fake);
    (context.interaction.reviewEdit as ReturnType<typeof vi.fn>).mockImplementation(
      async () => ((fake.page.text = 'remote\nb'), 'apply'),
    );
    expect(
      await run('replace_lines', { start_line: 2, end_line: 2, new_content: 'x' }, context),
    ).toMatchObject({ ok: false, code: 'STALE_DOCUMENT' });
    expect(fake.page.text).toBe('remote\nb');
  });

  it('a stale file waits for the person to return, then applies the same change set', async () => {
    const fake = fakePage('a\nb');
    const { context, waitForPage } = contextFor(fake, {
      onWait: () => ((fake.page.file = 'chapters/intro.typ'), (fake.page.token = 'view-2')),
    });
    (context.interaction.reviewEdit as ReturnType<typeof vi.fn>).mockImplementation(
      async () => ((fake.page.file = 'main.typ'), 'apply'),
    );
    expect(
      await run('replace_lines', { start_line: 1, end_line: 1, new_content: 'A' }, context),
    ).toMatchObject({ ok: true });
    expect(waitForPage).toHaveBeenCalledWith(
      expect.objectContaining({
        reason: 'return-to-file',
        message: 'Return to chapters/intro.typ.',
      }),
      expect.any(Function),
    );
    expect(fake.page.text).toBe('A\nb');
  });

  it('calls beforeFirstWrite once before the first commit', async () => {
    const fake = fakePage('a');
    const beforeFirstWrite = vi.fn(
      async (context: { state: { checkpointId: string | null } }) =>
        void (context.state.checkpointId = 'cp-1'),
    );
    const { context: base } = contextFor(fake, { mode: 'auto' });
    // The run hands its document hooks to every write through the tool context.
    const context = { ...base, documentHooks: { beforeFirstWrite } } as ToolRunContext;
    const outcome = await run('search_replace', { search: 'a', replace: 'b' }, context);
    expect(beforeFirstWrite).toHaveBeenCalledWith(context, expect.objectContaining({ text: 'a' }));
    expect(outcome).toMatchObject({
      ok: true,
      receipt: { checkpointId: 'cp-1', status: 'applied' },
    });
  });
});

describe('read_diagnostics', () => {
  it('returns after two agreeing reads of an idle compile', async () => {
    const fake = fakePage('a');
    const started = performance.now();
    const outcome = await run('read_diagnostics', {}, contextFor(fake).context);
    expect(outcome).toMatchObject({ ok: true, result: { settled: true, error_count: 0 } });
    expect(performance.now() - started).toBeLessThan(600);
  });
});
