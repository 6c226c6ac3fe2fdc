// The read tools other than the tree: read_page, extract_data, find_text,
// get_selection, get_window_info, wait_for_stable and screenshot.
import type { ToolDefinition } from '../../../../worker/tools/define-tool';

export const readTools: readonly ToolDefinition<never>[] = [];
