// The compiler messages that belong to a quick action's selection: those on its
// lines, in the file it was made in. Page text, so it stays bounded and is handed
// to the model only as labelled untrusted data.
import type { QuickActionDiagnostic } from '../../shared/protocol/quick-actions';

/** The most messages one quick action carries. */
export const MAX_QUICK_ACTION_DIAGNOSTICS = 20;
const MAX_MESSAGE_CHARS = 500;

/** A diagnostic as the typst page reports it (the fields this needs). */
export interface PageDiagnostic {
  readonly severity: 'error' | 'warning' | 'info';
  readonly kind: 'compiler' | 'spelling' | 'status';
  readonly file: string | null;
  readonly line: number | null;
  readonly message: string;
}

/**
 * Compiler diagnostics whose line falls in `fromLine`..`toLine` of `fileLabel`
 * (a diagnostic without a file counts as the open file's), errors first.
 */
export function diagnosticsInRange(
  diagnostics: readonly PageDiagnostic[],
  range: { readonly fromLine: number; readonly toLine: number; readonly fileLabel: string | null },
): QuickActionDiagnostic[] {
  const severityOrder = { error: 0, warning: 1, info: 2 } as const;
  return diagnostics
    .filter(
      (item): item is PageDiagnostic & { line: number } =>
        item.kind === 'compiler' &&
        item.line !== null &&
        item.line >= range.fromLine &&
        item.line <= range.toLine &&
        (item.file === null || range.fileLabel === null || item.file === range.fileLabel),
    )
    .sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity] || a.line - b.line)
    .slice(0, MAX_QUICK_ACTION_DIAGNOSTICS)
    .map((item) => ({
      severity: item.severity,
      line: item.line,
      message: item.message.replace(/\s+/g, ' ').trim().slice(0, MAX_MESSAGE_CHARS),
    }));
}
