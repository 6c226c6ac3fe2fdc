// The built-in tool list with the typst editor-write tools rebuilt around the revert
// journal's edit hooks; every other tool is passed through unchanged and in order.
import type { EditHooks } from '../../sites/typst/worker/edit-flow';
import { createTypstTools } from '../../sites/typst/worker/typst-tools';
import type { ToolDefinition } from '../tools/define-tool';

/** `tools` with each typst tool replaced by its hooked twin (same name and contract). */
export function withEditHooks(
  tools: readonly ToolDefinition<unknown>[],
  hooks: EditHooks,
): ToolDefinition<unknown>[] {
  const hooked = new Map(createTypstTools(hooks).map((tool) => [tool.name, tool]));
  return tools.map((tool) =>
    tool.sites?.includes('typst') ? (hooked.get(tool.name) ?? tool) : tool,
  );
}
