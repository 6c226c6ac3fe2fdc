// ## Owns
// The one answer to "which prompt tier does this model get?": the person's override
// when they chose one in Settings → Models, else a tier from the model's context
// window. The prompt and tool schemas are sent with every request, so a model with a
// small window gets the short versions and keeps its room for the page and the chat.
// ## Never
// Reads the network or the model's answers: the tier is decided before the first
// request, from settings alone, so the worker and the panel get the same answer.
import type { PromptTier } from '../protocol/agent-modes';

/** Why a model has its tier: the person's choice, or its context window. */
export type PromptTierSource = 'override' | 'context-window';

export interface ResolvedPromptTier {
  readonly tier: PromptTier;
  readonly source: PromptTierSource;
}

/**
 * Context windows (tokens) from which a model gets Mid and Full automatically. The
 * Full tier's prompt and schemas are about 4,500 tokens: below 16k tokens that is
 * more than a quarter of the window before any page text; from 64k it is under 7%.
 */
export const AUTOMATIC_TIER_WINDOWS = { mid: 16_384, full: 65_536 } as const;

/** The tier a context window gets when the person chose none. */
export function tierOfContextWindow(contextWindow: number): PromptTier {
  if (contextWindow >= AUTOMATIC_TIER_WINDOWS.full) return 'full';
  if (contextWindow >= AUTOMATIC_TIER_WINDOWS.mid) return 'mid';
  return 'compact';
}

/** The prompt tier of a model: `override` when the person set one, else by its window. */
export function resolvePromptTier(model: {
  readonly contextWindow: number;
  readonly promptTier?: PromptTier | undefined;
}): ResolvedPromptTier {
  if (model.promptTier !== undefined) return { tier: model.promptTier, source: 'override' };
  return { tier: tierOfContextWindow(model.contextWindow), source: 'context-window' };
}
