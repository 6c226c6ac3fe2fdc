import { describe, expect, it } from 'vitest';
import type { SitePage } from '../../../worker/sites/worker-site';
import { typstContext } from './typst-context';

function pageWith(answers: Record<string, unknown>): SitePage {
  return {
    tabId: 1,
    signal: new AbortController().signal,
    request: (async (method: string) =>
      method in answers
        ? { ok: true, data: answers[method] }
        : { ok: false, error: { code: 'PAGE_UNAVAILABLE', message: 'no' } }) as SitePage['request'],
  };
}

const selection = {
  anchor: 10,
  head: 30,
  text: 'x'.repeat(20),
  truncated: false,
  fileLabel: 'main.typ',
  fromLine: 2,
  toLine: 3,
  totalChars: 200_000,
};
const diagnostic = (line: number) => ({
  severity: 'error',
  kind: 'compiler',
  source: 'lint',
  file: 'main.typ',
  line,
  column: 0,
  message: `bad ${line}`,
});

describe('typstContext.quickAction', () => {
  it('gives the selection, its lines and full length, and the compiler messages on those lines', async () => {
    const facts = await typstContext.quickAction!(
      pageWith({
        'typst/selection': selection,
        'typst/diagnostics': { diagnostics: [diagnostic(1), diagnostic(3)] },
      }),
    );
    expect(facts).toEqual({
      text: selection.text,
      fileLabel: 'main.typ',
      fromLine: 2,
      toLine: 3,
      totalChars: 200_000,
      diagnostics: [{ severity: 'error', line: 3, message: 'bad 3' }],
    });
  });

  it('still works without diagnostics, and gives null without a selection', async () => {
    const facts = await typstContext.quickAction!(pageWith({ 'typst/selection': selection }));
    expect(facts?.diagnostics).toEqual([]);
    const none = await typstContext.quickAction!(
      pageWith({ 'typst/selection': { ...selection, text: '' } }),
    );
    expect(none).toBeNull();
  });
});
