// What the five editor-write tools share: their effect and approval (a document write
// the person reviews in Ask mode), typst.app's guards around a write (an editor must
// be open, the selection too for replace_selection, and the run's target file), and
// the preparation of the call against the live snapshot. The write itself is the
// site-neutral document flow (src/worker/documents/edit-flow.ts).
import type { z } from '../../../shared/schema/zod';
import {
  defineTool,
  type ToolDefinition,
  type ToolRunContext,
} from '../../../worker/tools/define-tool';
import { runDocumentEdit, type DocumentGuards } from '../../../worker/documents/edit-flow';
import type { EditToolCall } from '../edit/edit-tool-schemas';
import { prepareEdit } from '../edit/prepare-edit';
import {
  asOutcome,
  callPage,
  preflight,
  returnToTargetFile,
  waitForFile,
  type Capability,
} from './tool-support';
import { typstState } from './typst-run-state';

type EditToolName = EditToolCall['tool'];

function guardsFor(name: EditToolName): DocumentGuards {
  return {
    async beforeSnapshot(context) {
      const needs: Capability[] = ['editor'];
      if (name === 'replace_selection' && typstState(context).capturedSelection === null)
        needs.push('selection');
      await preflight(context, name, needs);
      await returnToTargetFile(context, name);
    },
    async returnToFile(context, toolName, fileLabel) {
      await waitForFile(context, toolName, fileLabel, 'return-to-file');
      return (await callPage(context, 'typst/identity', {})).viewToken;
    },
  };
}

/** Declares one editor-write tool whose arguments are `schema`. */
export function defineEditTool<S extends z.ZodType>(spec: {
  readonly name: EditToolName;
  readonly description: string;
  readonly arguments: S;
  /** What the edit does, without the file: the file it landed in is added once applied. */
  readonly activity: (args: z.output<S>) => string;
}): ToolDefinition<z.output<S>> {
  const guards = guardsFor(spec.name);
  return defineTool({
    name: spec.name,
    description: spec.description,
    arguments: spec.arguments,
    activity: (args, outcome) => {
      const file = outcome?.ok === true ? outcome.receipt?.fileLabel : undefined;
      return file ? `${spec.activity(args)} in ${file}` : spec.activity(args);
    },
    effect: 'editor-write',
    approval: 'editor-review',
    execute: (args, context: ToolRunContext) =>
      asOutcome(context, () =>
        runDocumentEdit(context, {
          toolName: spec.name,
          guards,
          prepare: (snapshot) =>
            prepareEdit(
              {
                text: snapshot.text,
                selection: typstState(context).capturedSelection ?? snapshot.selection,
              },
              { tool: spec.name, arguments: args } as EditToolCall,
            ),
        }),
      ),
  });
}
