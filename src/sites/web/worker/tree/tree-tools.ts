// The accessibility-tree tools (get_accessibility_tree).
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { getAccessibilityTreeTool } from './get-accessibility-tree.tool';

export const treeTools: readonly ToolDefinition<never>[] = [
  getAccessibilityTreeTool as unknown as ToolDefinition<never>,
];
