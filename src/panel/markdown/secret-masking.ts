// ## Owns
// Strict secret mode's part in the panel: while the person has it on, credential-like
// strings (the shared detector: API keys, card numbers, IBANs, labelled passwords,
// one-time codes) in what the panel shows of answers and tool calls are replaced by a
// marker on their way to the DOM. The shell sets the switch from the settings the
// worker confirmed; components that read it re-render when it changes.
// ## Never
// Changes what is stored or sent: it masks the view only.
import { signal } from '@preact/signals';
import type { ToolCallRecord } from '../../shared/protocol/chat-records';
import { redactSecrets } from '../../shared/secrets/secret-text';

/** Whether strict secret mode is on (the last settings the worker confirmed). */
export const secretMasking = signal(false);

/** `text` as the panel shows it: masked while strict secret mode is on. */
export function maskSecrets(text: string): string {
  return secretMasking.value ? redactSecrets(text).text : text;
}

/** A tool call's texts as the panel shows them. */
export function maskedCall(call: ToolCallRecord): ToolCallRecord {
  if (!secretMasking.value) return call;
  return {
    ...call,
    argumentsPreview: maskSecrets(call.argumentsPreview),
    summary: maskSecrets(call.summary),
    ...(call.activity === undefined ? {} : { activity: maskSecrets(call.activity) }),
  };
}
