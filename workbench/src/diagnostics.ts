// Turns typst.ts diagnostics into positions the page can use. typst counts columns in
// Unicode code points; CodeMirror and the DOM count UTF-16 units (recipe pitfall 3).
import type { Text } from '@codemirror/state';
import type { RawDiagnostic } from './compile-protocol';
import { projectPath } from './project';

export type Severity = 'error' | 'warning' | 'info';

export interface WorkbenchDiagnostic {
  /** Project-relative file, or "" for a diagnostic without a location. */
  path: string;
  severity: Severity;
  message: string;
  /** Text after the first ", hints: ", which typst flattens into the message (pitfall 4). */
  hint: string | null;
  /** 0-based line and code-point columns as typst reported them; null when unplaced. */
  start: { line: number; column: number } | null;
  end: { line: number; column: number } | null;
  /** UTF-16 offsets into the file's text, filled when the text is known. */
  from: number;
  to: number;
  /** 1-based line, as the Improve panel badge shows it. */
  line: number;
}

const RANGE = /^(\d+):(\d+)-(\d+):(\d+)$/;

/** UTF-16 offset of a 0-based line and code-point column, clamped into the text. */
export function offsetOf(text: string, lineStarts: number[], line: number, column: number): number {
  const lineIndex = Math.min(Math.max(line, 0), lineStarts.length - 1);
  const lineStart = lineStarts[lineIndex] ?? 0;
  const lineEnd =
    lineIndex + 1 < lineStarts.length
      ? (lineStarts[lineIndex + 1] ?? text.length) - 1
      : text.length;
  let offset = lineStart;
  for (let points = 0; points < column && offset < lineEnd; points++) {
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code <= 0xdbff && offset + 1 < lineEnd ? 2 : 1;
  }
  return offset;
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function severityOf(raw: string): Severity {
  if (raw === 'error') return 'error';
  if (raw === 'warning') return 'warning';
  return 'info';
}

/** Maps raw diagnostics; `textOf` gives a project file's current text (or null if not a text file). */
export function convertDiagnostics(
  raw: RawDiagnostic[],
  textOf: (path: string) => string | null,
): WorkbenchDiagnostic[] {
  const starts = new Map<string, number[]>();
  return raw.map((d) => {
    const cut = d.message.indexOf(', hints: ');
    const path = d.package ? '' : projectPath(d.path ?? '');
    const match = RANGE.exec(d.range ?? '');
    const base: WorkbenchDiagnostic = {
      path,
      severity: severityOf(d.severity),
      message: cut < 0 ? d.message : d.message.slice(0, cut),
      hint: cut < 0 ? null : d.message.slice(cut + ', hints: '.length),
      start: null,
      end: null,
      from: 0,
      to: 0,
      line: 1,
    };
    if (!match) return base;
    const [sl, sc, el, ec] = match.slice(1).map(Number) as [number, number, number, number];
    base.start = { line: sl, column: sc };
    base.end = { line: el, column: ec };
    base.line = sl + 1;
    const text = path ? textOf(path) : null;
    if (text !== null) {
      if (!starts.has(path)) starts.set(path, lineStartsOf(text));
      const lines = starts.get(path) ?? [0];
      base.from = offsetOf(text, lines, sl, sc);
      base.to = Math.max(base.from, offsetOf(text, lines, el, ec));
    }
    return base;
  });
}

/** Offsets re-clamped to a CodeMirror document (the text may have moved on since the compile). */
export function clampToDoc(doc: Text, d: WorkbenchDiagnostic): { from: number; to: number } {
  const from = Math.min(d.from, doc.length);
  return { from, to: Math.min(Math.max(d.to, from), doc.length) };
}
