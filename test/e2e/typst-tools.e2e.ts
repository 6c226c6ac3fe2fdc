// The typst.app tools end to end on the workbench (real CodeMirror 6, real Typst
// compiler) in real Chromium with the built extension, on both CodeMirror variants.
// Every call is made by a scripted model inside a real agent run, so it goes through
// the run loop, argument validation, the approval policy, the run's page guard, the
// revert journal's hooks and the real bridge (worker -> isolated relay -> MAIN runtime).
// Reviews and page waits are answered the way the panel answers them (run/resolve).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTypstRuns, type TypstRuns, type TypstTab } from './support/typst-runs';

let runs: TypstRuns;
beforeAll(async () => void (runs = await startTypstRuns()), 120_000);
afterAll(async () => runs?.close());

describe.each([
  ['current', ''],
  ['legacy', '?cm=legacy'],
])('typst tools through real runs on the workbench (%s CodeMirror)', (variant, query) => {
  let tab: TypstTab;
  beforeAll(async () => void (tab = await runs.open(query)));
  afterAll(async () => tab?.close());

  it('reads the structure, the document and the diagnostics; the panel reads identity and the preview', async () => {
    expect(await tab.page.evaluate(() => window.__workbench.cmVariant)).toBe(variant);
    const { results, end } = await tab.run([
      { name: 'read_file_structure', arguments: {} },
      { name: 'read_document', arguments: { start_line: 1, end_line: 2 } },
      { name: 'read_diagnostics', arguments: {} },
    ]);
    expect(end.payload['status']).toBe('done');
    expect(results[0]).toMatchObject({
      ok: true,
      result: { complete: false, collapsed_folders: ['images'] },
    });
    expect(results[1]).toMatchObject({ ok: true, result: { start_line: 1, end_line: 2 } });
    expect(String((results[1]?.['result'] as { content: string }).content)).toMatch(/^\s*1\|/);
    expect(results[2]).toMatchObject({ ok: true, result: { settled: true } });
    const identity = await tab.driver.send({
      type: 'context/read-identity',
      payload: { tabId: tab.tabId },
    });
    expect(identity.data.file).toEqual({
      projectLabel: 'Thesis',
      path: 'chapters/intro.typ',
      source: 'header_breadcrumb',
    });
    const capture = await tab.driver.send({
      type: 'context/capture-preview',
      payload: { tabId: tab.tabId },
    });
    expect(String(capture.data.dataUrl)).toMatch(/^data:image\/webp;base64,/);
    await tab.page.evaluate(() => window.__workbench.openFile('LICENSE'));
    const license = await tab.driver.send({
      type: 'context/read-identity',
      payload: { tabId: tab.tabId },
    });
    expect(license.data.file.path).toBe('LICENSE');
    await tab.page.evaluate(() => window.__workbench.openFile('chapters/intro.typ'));
  });

  it('fixes a compile error in Ask mode: the reviewed diff, the overlay, the receipt, diagnostics clear', async () => {
    const original = (await tab.getDoc()) ?? '';
    await tab.setDoc(original.replace('#lorem(200)', '#lorem(200'));
    await tab.page.evaluate(() => window.__workbench.whenCompiled());
    let overlayOutsideEditor = false;
    const { results, end, runId } = await tab.run(
      [
        { name: 'read_diagnostics', arguments: {} },
        { name: 'read_document', arguments: {} },
        {
          name: 'replace_lines',
          arguments: { start_line: 5, end_line: 5, new_content: '#lorem(200)' },
          onPending: async (pending) => {
            expect(pending['kind']).toBe('edit-review');
            expect((pending['diff'] as { additions: number }).additions).toBe(1);
            await tab.page.waitForSelector('#side-agent-review-overlay');
            overlayOutsideEditor = await tab.page.evaluate(() => {
              const overlay = document.getElementById('side-agent-review-overlay');
              return overlay !== null && !document.querySelector('.cm-editor')?.contains(overlay);
            });
            return 'apply';
          },
        },
        { name: 'read_diagnostics', arguments: {} },
      ],
      { editMode: 'ask' },
    );
    expect(end.payload['status']).toBe('done');
    expect((results[0]?.['result'] as { error_count: number }).error_count).toBeGreaterThan(0);
    expect(String((results[1]?.['result'] as { content: string }).content)).toContain(
      ' 5|#lorem(200\n',
    );
    expect(results[2]).toMatchObject({ ok: true, result: { reviewed_diff: true } });
    expect(overlayOutsideEditor).toBe(true);
    expect(await tab.page.$('#side-agent-review-overlay')).toBeNull();
    expect(await tab.getDoc()).toBe(original);
    expect(results[3]).toMatchObject({ ok: true, result: { error_count: 0, settled: true } });
    // The revert journal recorded the write: the receipt says it can be reverted.
    const statuses = await tab.driver.eventsOf(runId);
    const receipt = statuses
      .map((event) => event.payload['receipt'] as { status: string; reviewedDiff: boolean })
      .find(Boolean);
    expect(receipt).toMatchObject({ status: 'applied', reviewedDiff: true });
  });

  it('runs every edit tool on first, middle, last and only lines of a CRLF document with astral characters', async () => {
    const lines = ['α first 😀', 'middle 𝔸 line', 'last 🎉'];
    for (const [index, expected] of [
      [1, 'X😀\nmiddle 𝔸 line\nlast 🎉'],
      [2, 'α first 😀\nX😀\nlast 🎉'],
      [3, 'α first 😀\nmiddle 𝔸 line\nX😀'],
    ] as const) {
      await tab.setDoc(lines.join('\r\n'));
      const { results } = await tab.run(
        [
          {
            name: 'replace_lines',
            arguments: { start_line: index, end_line: index, new_content: 'X😀' },
          },
        ],
        { editMode: 'auto' },
      );
      expect(results[0]).toMatchObject({ ok: true });
      expect(await tab.getDoc()).toBe(expected);
    }
    await tab.setDoc('only 😀');
    const only = await tab.run(
      [{ name: 'replace_lines', arguments: { start_line: 1, end_line: 1, new_content: '' } }],
      { editMode: 'auto' },
    );
    expect(only.results[0]).toMatchObject({ ok: true });
    expect(await tab.getDoc()).toBe('');
    await tab.setDoc(lines.join('\r\n'));
    const all = await tab.run(
      [
        { name: 'search_replace', arguments: { search: 'last 🎉', replace: 'end 🚀' } },
        {
          name: 'patch_document',
          arguments: {
            edits: [
              { search: 'α', replace: 'β' },
              { search: '𝔸', replace: '𝔹' },
            ],
          },
        },
        { name: 'insert_at_cursor', arguments: { text: '>' } },
      ],
      // The caret at Send: insert_at_cursor uses it, not the live one.
      { editMode: 'auto', selection: { anchor: 0, head: 0 } },
    );
    expect(all.results.map((result) => result.ok)).toEqual([true, true, true]);
    const selected = await tab.run([{ name: 'replace_selection', arguments: { text: 'MID' } }], {
      editMode: 'auto',
      selection: { anchor: 12, head: 18 },
    });
    expect(selected.results[0]).toMatchObject({ ok: true });
    expect(await tab.getDoc()).toBe('>β first 😀\nMID 𝔹 line\nend 🚀');
  });

  it('reads and edits a 1 MiB document', async () => {
    const line = `${'x'.repeat(62)}😀\n`;
    const text = line.repeat(1_048_576 / line.length) + 'y'.repeat(1_048_576 % line.length);
    expect(text.length).toBe(1_048_576);
    await tab.setDoc(text);
    const read = await tab.run([{ name: 'read_document', arguments: { max_chars: 64_000 } }]);
    const result = read.results[0]?.['result'] as { doc_chars: number; approx_line_count: number };
    expect(result).toMatchObject({ doc_chars: 1_048_576, truncated: true });
    const lastLine = result.approx_line_count;
    const edit = await tab.run(
      [
        {
          name: 'replace_lines',
          arguments: { start_line: lastLine, end_line: lastLine, new_content: 'end' },
        },
      ],
      { editMode: 'auto' },
    );
    expect(edit.results[0]).toMatchObject({ ok: true });
    expect((await tab.getDoc())?.endsWith('😀\nend')).toBe(true);
  });
});
