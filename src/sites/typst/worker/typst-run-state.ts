// The state typst.app's tools share during one run: the file later reads and edits
// target once open_project_file named one, and the editor selection captured at Send,
// which replace_selection and insert_at_cursor use instead of the live one.
import type { RunStartRequest } from '../../../shared/protocol/run-messages';
import type { ToolRunContext } from '../../../worker/tools/define-tool';

export interface TypstRunState {
  readonly kind: 'typst';
  targetFile: string | null;
  readonly capturedSelection: { readonly anchor: number; readonly head: number } | null;
}

/** The run state of a run that starts with `start`. */
export function createTypstRunState(start: RunStartRequest): TypstRunState {
  return { kind: 'typst', targetFile: null, capturedSelection: start.selection };
}

/** This run's typst state; a tool of this site only ever runs in a typst run. */
export function typstState(context: ToolRunContext): TypstRunState {
  const state = context.state.site as TypstRunState | null;
  if (state?.kind !== 'typst') throw new Error('A typst.app tool ran outside a typst.app run.');
  return state;
}
