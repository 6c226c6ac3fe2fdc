// ## Owns
// The tokens one model call spent: the provider's own report when it sends one,
// otherwise an estimate from the characters sent and received, marked as estimated
// so the person is never shown a guess as a measured figure.
import type { ModelMessage, ModelUsage } from '../../providers/model-adapter';
import { tokensOfMessages, tokensOfText } from '../context-budget';

/** Tokens of one call, or of a run or a day summed. */
export interface SpentTokens {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** True when any part of the figure is an estimate. */
  readonly estimated: boolean;
}

export const NO_TOKENS: SpentTokens = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  estimated: false,
});

/** What one call sent and got back, for the estimate. */
export interface CallShape {
  readonly messages: readonly ModelMessage[];
  /** The tool schemas sent with the call, as JSON text. */
  readonly toolsText?: string;
  readonly outputText: string;
}

/** The call's tokens: reported where the provider gave a figure, estimated where not. */
export function usageOfCall(reported: ModelUsage | null, call: CallShape): SpentTokens {
  const reportedInput = reported?.inputTokens;
  const reportedOutput = reported?.outputTokens;
  const inputTokens =
    reportedInput ?? tokensOfMessages(call.messages) + tokensOfText(call.toolsText ?? '');
  const outputTokens = reportedOutput ?? tokensOfText(call.outputText);
  return {
    inputTokens,
    outputTokens,
    estimated: reportedInput === undefined || reportedOutput === undefined,
  };
}

export const addTokens = (a: SpentTokens, b: SpentTokens): SpentTokens => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  estimated: a.estimated || b.estimated,
});

export const totalOf = (tokens: SpentTokens) => tokens.inputTokens + tokens.outputTokens;

/** "1,234 tokens (812 in, 422 out)", with "estimated" when it is. */
export function describeTokens(tokens: SpentTokens): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const base = `${n(totalOf(tokens))} tokens (${n(tokens.inputTokens)} in, ${n(tokens.outputTokens)} out)`;
  return tokens.estimated ? `${base}, estimated: the provider did not report usage` : base;
}
