import { describe, expect, it } from 'vitest';
import {
  diagnosticsInRange,
  MAX_QUICK_ACTION_DIAGNOSTICS,
  type PageDiagnostic,
} from './quick-action-diagnostics';

const diag = (line: number | null, over: Partial<PageDiagnostic> = {}): PageDiagnostic => ({
  severity: 'error',
  kind: 'compiler',
  file: 'main.typ',
  line,
  message: `problem on ${line}`,
  ...over,
});

describe('diagnosticsInRange', () => {
  const range = { fromLine: 3, toLine: 5, fileLabel: 'main.typ' };

  it('keeps compiler messages on the selected lines only', () => {
    const found = diagnosticsInRange([diag(2), diag(3), diag(5), diag(6), diag(null)], range);
    expect(found.map((item) => item.line)).toEqual([3, 5]);
  });

  it('leaves out other files, spelling and status rows', () => {
    const found = diagnosticsInRange(
      [
        diag(4, { file: 'chapter.typ' }),
        diag(4, { kind: 'spelling' }),
        diag(4, { kind: 'status' }),
        diag(4, { file: null, message: 'no file named' }),
      ],
      range,
    );
    expect(found).toEqual([{ severity: 'error', line: 4, message: 'no file named' }]);
  });

  it('puts errors first, flattens and bounds the messages and their count', () => {
    const many = [
      diag(4, { severity: 'warning', message: 'a\n  warning' }),
      ...Array.from({ length: 30 }, () => diag(3, { message: 'x'.repeat(900) })),
    ];
    const found = diagnosticsInRange(many, range);
    expect(found).toHaveLength(MAX_QUICK_ACTION_DIAGNOSTICS);
    expect(found[0]?.severity).toBe('error');
    expect(found[0]?.message).toHaveLength(500);
    const warnings = diagnosticsInRange([many[0]!], range);
    expect(warnings[0]?.message).toBe('a warning');
  });
});
