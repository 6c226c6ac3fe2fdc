// ## Owns
// What every typst.app tool shares beyond every tool's page call and outcome shape:
// the capability preflight and the return-to-file guard, both as waits the person can
// see and answer.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { JsonValue, ToolRunContext } from '../../../worker/tools/define-tool';
import { callPage } from '../../../worker/tools/tool-outcome';
import { typstState } from './typst-run-state';

export { asOutcome, callPage, success } from '../../../worker/tools/tool-outcome';

/** Page data as plain JSON (drops undefined fields), for a tool result. */
export const asJson = (value: unknown): JsonValue =>
  JSON.parse(JSON.stringify(value ?? null)) as JsonValue;

export type Capability =
  'editor' | 'selection' | 'filesPanel' | 'improvePanel' | 'preview' | 'openedImage';

const HINTS: Record<Capability, string> = {
  editor: 'Open a text file in the editor.',
  selection: 'Select the text to replace in the editor.',
  filesPanel: 'Open the Files panel in the left sidebar.',
  improvePanel: 'Open the Improve panel in the left sidebar.',
  preview: 'Show the preview next to the editor.',
  openedImage: 'Open the image file in the project.',
};

async function missingCapabilities(
  context: ToolRunContext,
  needs: readonly Capability[],
): Promise<Capability[]> {
  try {
    const capabilities = await callPage(context, 'typst/capabilities', {});
    return needs.filter((need) => !capabilities[need]);
  } catch (error) {
    if (context.signal.aborted) throw error;
    return [...needs];
  }
}

/** Waits until the page offers `needs`; Skip ends the tool with PREFLIGHT_SKIPPED. */
export async function preflight(
  context: ToolRunContext,
  toolName: string,
  needs: readonly Capability[],
): Promise<void> {
  const missing = await missingCapabilities(context, needs);
  if (missing.length === 0) return;
  const outcome = await context.interaction.waitForPage(
    {
      kind: 'page-wait',
      callId: context.callId,
      name: toolName,
      reason: 'capability',
      message: missing.map((need) => HINTS[need]).join(' '),
      missing,
    },
    async () => (await missingCapabilities(context, needs)).length === 0,
  );
  if (outcome === 'skipped')
    throw new ProtocolFailure(
      'PREFLIGHT_SKIPPED',
      `The person skipped this step; missing: ${missing.join(', ')}.`,
      { missing },
    );
}

/** Waits until `path` is the open file with a text editor (reason `return-to-file` or `open-file`). */
export async function waitForFile(
  context: ToolRunContext,
  toolName: string,
  path: string,
  reason: 'return-to-file' | 'open-file',
): Promise<void> {
  const isOpen = async () => {
    try {
      const identity = await callPage(context, 'typst/identity', {});
      return identity.editor && identity.file?.path === path;
    } catch (error) {
      if (context.signal.aborted) throw error;
      return false;
    }
  };
  if (await isOpen()) return;
  const message =
    reason === 'open-file' ? `Open ${path} in the Files panel.` : `Return to ${path}.`;
  const outcome = await context.interaction.waitForPage(
    { kind: 'page-wait', callId: context.callId, name: toolName, reason, message, missing: [] },
    isOpen,
  );
  if (outcome === 'skipped')
    throw new ProtocolFailure('PREFLIGHT_SKIPPED', `The person skipped opening ${path}.`, { path });
}

/** The return-to-file guard: reads and writes wait while another file than the run's target is open. */
export async function returnToTargetFile(context: ToolRunContext, toolName: string): Promise<void> {
  const { targetFile } = typstState(context);
  if (targetFile) await waitForFile(context, toolName, targetFile, 'return-to-file');
}

/** Resolves after `ms`, or rejects with CANCELLED when the run stops. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ProtocolFailure('CANCELLED', 'The run was stopped.'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProtocolFailure('CANCELLED', 'The run was stopped.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
