// What an error view may use from the panel around it: the chat's model address (so
// "Can't reach the model at 127.0.0.1:11434" can name it) and a way to open Settings.
import { createContext } from 'preact';
import type { ErrorCode } from '../../shared/protocol/error-codes';

/** The Settings tabs an error can send the person to. */
export type ErrorSettingsTab = 'models' | 'tools' | 'mcp' | 'sites' | 'agent';

/** What the panel offers error views. */
export interface ErrorSurroundings {
  readonly modelHost?: string | undefined;
  readonly openSettings?: ((tab: ErrorSettingsTab) => void) | undefined;
}

export const ErrorSurroundingsContext = createContext<ErrorSurroundings>({});

/** The Settings tab where the person fixes what `code` is about. */
export function settingsTabFor(code: ErrorCode | string): ErrorSettingsTab {
  if (code.startsWith('MCP_')) return 'mcp';
  if (code === 'TOOL_REGISTRY_COLLISION' || code.startsWith('CUSTOM_')) return 'tools';
  if (code === 'SITE_LIMIT_REACHED') return 'sites';
  if (code === 'STEP_LIMIT_REACHED' || code.startsWith('BUDGET_')) return 'agent';
  return 'models';
}
