// Builders for small hand-written Chat Completions streams in tests.

/** One `data:` event carrying a chat.completion.chunk with the given delta. */
export function deltaEvent(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): string {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

/** A finish chunk plus `[DONE]`. */
export function finishEvents(reason = 'stop'): string {
  return `${deltaEvent({}, reason)}data: [DONE]\n\n`;
}

/** A tool-call fragment event. */
export function toolEvent(fragment: Record<string, unknown>): string {
  return deltaEvent({ tool_calls: [fragment] });
}
