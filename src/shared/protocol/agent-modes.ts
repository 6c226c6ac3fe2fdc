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
