import { describe, expect, it } from 'vitest';
import type { EditReceipt } from '../../../shared/protocol/chat-records';
import {
  describeActivity,
  type JsonValue,
  type ToolDefinition,
  type ToolOutcome,
} from '../../../worker/tools/define-tool';
import { workerSite } from './typst.worker';

const tool = (name: string): ToolDefinition<unknown> => {
  const found = workerSite.tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found as ToolDefinition<unknown>;
};
const line = (name: string, args: unknown, outcome?: ToolOutcome) =>
  describeActivity(tool(name), args, outcome);
const done = (result: JsonValue, receipt?: EditReceipt): ToolOutcome => ({
  ok: true,
  result,
  summary: '',
  ...(receipt ? { receipt } : {}),
});
const receipt: EditReceipt = {
  checkpointId: 'cp1',
  status: 'applied',
  fileLabel: 'main.typ',
  createdAt: 1,
  reviewedDiff: true,
};

describe('typst.app activity lines', () => {
  it('says which lines were read, from the result once it came back', () => {
    expect(line('read_document', { start_line: 1, end_line: 20 })).toBe(
      'Read the document, lines 1\u201320',
    );
    expect(line('read_document', {}, done({ start_line: 1, end_line: 42 }))).toBe(
      'Read the document, lines 1\u201342',
    );
    expect(line('read_document', { start_line: 5 })).toBe('Read the document from line 5');
  });

  it('counts diagnostics in words', () => {
    const check = (errors: number, warnings: number) =>
      line('read_diagnostics', {}, done({ error_count: errors, warning_count: warnings }));
    expect(check(1, 0)).toBe('Checked diagnostics: 1 error');
    expect(check(2, 1)).toBe('Checked diagnostics: 2 errors, 1 warning');
    expect(check(0, 0)).toBe('Checked diagnostics: no problems');
    expect(line('read_diagnostics', {})).toBe('Checked diagnostics');
  });

  it('names the file an applied edit landed in', () => {
    const args = { start_line: 3, end_line: 5, new_content: 'x' };
    expect(line('replace_lines', args)).toBe('Replaced lines 3\u20135');
    expect(line('replace_lines', args, done({}, receipt))).toBe(
      'Replaced lines 3\u20135 in main.typ',
    );
    expect(line('replace_lines', { ...args, new_content: '' })).toBe('Deleted lines 3\u20135');
    expect(line('search_replace', { search: '#set page(\n  width: 10cm)', replace: '' })).toBe(
      "Replaced '#set page( width: 10cm)'",
    );
    expect(
      line(
        'patch_document',
        { edits: [{ search: 'a', replace: 'b', unique: true }] },
        done({}, receipt),
      ),
    ).toBe('Made 1 change in main.typ');
    expect(line('insert_at_cursor', { text: 'abc' })).toBe('Inserted 3 characters at the cursor');
    expect(line('replace_selection', { text: 'abc' })).toBe('Replaced the selection');
  });

  it('describes the project and docs reads', () => {
    expect(line('open_project_file', { path: 'chapters/intro.typ' })).toBe(
      'Opened chapters/intro.typ',
    );
    expect(line('read_file_structure', {}, done({ entries: [{}, {}, {}] }))).toBe(
      'Listed the project files: 3 entries',
    );
    expect(line('read_typst_docs', {})).toBe('Listed the Typst docs topics');
    expect(line('read_typst_docs', { topic: 'tables' }, done({ title: 'Tables' }))).toBe(
      'Read the Typst docs on Tables',
    );
  });
});
