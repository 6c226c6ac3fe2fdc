// ## Owns
// The packaged tools the registry starts from: the core's own tools, offered on every
// site (one import and one line in CORE_TOOLS each), and every registered site's tools,
// which its worker part lists (src/sites/<id>/worker/<id>.worker.ts).
import { siteTools } from '../sites/worker-sites';
import type { ToolDefinition } from './define-tool';

/** Tools of the core, offered on every site. */
const CORE_TOOLS: readonly ToolDefinition<unknown>[] = [];

/** Every packaged tool, in the order the model sees them. */
export const BUILTIN_TOOLS: readonly ToolDefinition<unknown>[] = Object.freeze([
  ...CORE_TOOLS,
  ...siteTools(),
]);
