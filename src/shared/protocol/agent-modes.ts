// What kind of work the person allows a web run (its mode) and how much of the tool
// set and prompt a model gets (its tier). The mode is the person's choice per chat;
// the tier follows from the model. Both are decided by our code, never by the model.
import { z } from '../schema/zod';

/** `ask` reads only; `act` may act on the page; `dev` adds page-debugging tools. */
export const AgentModeSchema = z.enum(['ask', 'act', 'dev']);
export type AgentMode = z.infer<typeof AgentModeSchema>;

/** `compact` for small local models, `mid` for capable local ones, `full` for the rest. */
export const PromptTierSchema = z.enum(['compact', 'mid', 'full']);
export type PromptTier = z.infer<typeof PromptTierSchema>;

/** Every mode, in the order the composer shows them. */
export const AGENT_MODES: readonly AgentMode[] = AgentModeSchema.options;

/** Every tier, smallest first: a tool offered at one tier is offered at every larger one. */
export const PROMPT_TIERS: readonly PromptTier[] = PromptTierSchema.options;

/** The mode a chat without a stored choice (a new chat, an older record) is in. */
export const DEFAULT_AGENT_MODE: AgentMode = 'ask';

/**
 * Whether a run in `mode` may start with a model of `tier`. Dev mode inspects and
 * changes pages with the largest tool set, which a compact-tier model cannot use
 * reliably, so it needs at least Mid. The panel and the worker both ask this.
 */
export function isModeAvailable(mode: AgentMode, tier: PromptTier): boolean {
  return mode !== 'dev' || tier !== 'compact';
}
