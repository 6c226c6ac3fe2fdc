// One typst.app document in memory behind the page methods an edit uses, and a tool
// context of one response whose site checks proposed documents with `checker`.
import { vi } from 'vitest';
import type { Result } from '../../../../../shared/protocol/envelope';
import { applyChanges, type TextChange } from '../../../../../shared/text/text-change';
import { hashText } from '../../../../../shared/text/text-hash';
import type { DocumentChecker } from '../../../../../worker/documents/document-check';
import type { ToolOutcome, ToolRunContext } from '../../../../../worker/tools/define-tool';
import { workerSite } from '../../typst.worker';

const FILE = 'main.typ';

/** A page with one open file whose text edits change; counts reviews and commits. */
export function editRun(text: string, checker: DocumentChecker, mode: 'ask' | 'auto' = 'ask') {
  const page = { text, commits: 0 };
  const snapshot = async () => ({
    scopeKey: 'p',
    fileLabel: FILE,
    viewToken: 'view-1',
    text: page.text,
    length: page.text.length,
    hash: await hashText(page.text),
    selection: { anchor: 0, head: 0 },
  });
  const handlers: Record<string, (payload: never) => unknown> = {
    'typst/capabilities': () => ({ editor: true, selection: false, filesPanel: true }),
    'typst/identity': () => ({
      file: { projectLabel: null, path: FILE, source: 'header_breadcrumb' },
      editor: true,
      viewToken: 'view-1',
    }),
    'document/snapshot': snapshot,
    'document/show-review': () => ({ shown: true }),
    'document/clear-review': () => ({ cleared: true }),
    'document/commit': async ({ changes }: { changes: TextChange[] }) => {
      page.text = applyChanges(page.text, changes);
      page.commits += 1;
      return { applied: changes.length, length: page.text.length, hash: await hashText(page.text) };
    },
  };
  const request = async (method: string, payload: unknown): Promise<Result<unknown>> => ({
    ok: true,
    data: await handlers[method]?.(payload as never),
  });
  const reviewEdit = vi.fn(async () => 'apply' as const);
  const notice = vi.fn();
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    signal: new AbortController().signal,
    identity: { tabId: 1, scope: { siteId: 'typst', projectId: 'p' }, sessionId: 's' },
    editMode: mode,
    page: { tabId: 1, request },
    interaction: { waitForPage: vi.fn(), reviewEdit, notice },
    state: {
      checkpointId: null,
      site: { kind: 'typst', targetFile: null, capturedSelection: null },
    },
    documentHooks: {},
    checkDocument: checker,
  } as unknown as ToolRunContext;
  const replaceLines = workerSite.tools.find((tool) => tool.name === 'replace_lines');
  if (!replaceLines) throw new Error('replace_lines is missing');
  /** Runs replace_lines in this response, as the model would call it. */
  const replace = (start: number, end: number, content: string): Promise<ToolOutcome> => {
    const args = replaceLines.parseArguments({
      start_line: start,
      end_line: end,
      new_content: content,
    });
    if (!args.ok) throw new Error(args.message);
    return replaceLines.execute(args.args, context);
  };
  return { page, replace, reviewEdit, notice };
}
