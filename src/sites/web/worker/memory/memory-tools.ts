// The working-memory tools of a web run, offered once the run is a long task.
import { progressReadTool } from './progress-read.tool';
import { progressUpdateTool } from './progress-update.tool';
import { scratchpadWriteTool } from './scratchpad-write.tool';

export const memoryTools = [scratchpadWriteTool, progressUpdateTool, progressReadTool] as const;
