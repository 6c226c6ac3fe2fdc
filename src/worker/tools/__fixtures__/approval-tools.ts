// A tool with only what the approval policy reads (its name, effect and declared
// approval), for the approval policy tests. Never imported by shipped code.
import type { ToolApproval, ToolDefinition, ToolEffect } from '../define-tool';

/** Named `t_<effect>_<approval>` unless `extra` names it. */
export const approvalTool = (
  effect: ToolEffect,
  approval: ToolApproval,
  extra: Partial<ToolDefinition<unknown>> = {},
): ToolDefinition<unknown> => ({
  name: `t_${effect}_${approval}`.replace(/-/g, '_'),
  description: '',
  inputSchema: { type: 'object' },
  parseArguments: (value) => ({ ok: true, args: value }),
  effect,
  approval,
  execute: async () => ({ ok: true, result: null, summary: '' }),
  ...extra,
});
