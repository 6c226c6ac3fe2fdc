// The accessibility-tree tools (get_accessibility_tree).
import type { ToolDefinition } from '../../../../worker/tools/define-tool';

export const treeTools: readonly ToolDefinition<never>[] = [];
