// The read tools other than the tree: read_page, extract_data, find_text,
// get_selection, get_window_info, wait_for_stable and screenshot.
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { extractDataTool } from './extract-data.tool';
import { findTextTool } from './find-text.tool';
import { getSelectionTool } from './get-selection.tool';
import { getWindowInfoTool } from './get-window-info.tool';
import { readPageTool } from './read-page.tool';
import { screenshotTool } from './screenshot.tool';
import { waitForStableTool } from './wait-for-stable.tool';

export const readTools: readonly ToolDefinition<unknown>[] = [
  readPageTool,
  extractDataTool,
  findTextTool,
  getSelectionTool,
  getWindowInfoTool,
  waitForStableTool,
  screenshotTool,
];
