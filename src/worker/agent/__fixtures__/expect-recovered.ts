// One check for a reply that must become calls: the recovered calls' names and
// parsed arguments, their ids in order under the prefix, and the prose left over.
import { expect } from 'vitest';
import type { ModelToolDefinition } from '../../providers/model-adapter';
import { recoverTextToolCalls } from '../text-tool-calls';
import type { ExpectedCall } from './recorded-sample';

export function expectRecoveredCalls(
  reply: string,
  tools: readonly ModelToolDefinition[],
  prefix: string,
  calls: readonly ExpectedCall[],
  rest = '',
): void {
  const recovered = recoverTextToolCalls(reply, tools, prefix);
  expect(
    recovered?.calls.map((call) => ({
      name: call.name,
      arguments: JSON.parse(call.argumentsText) as unknown,
    })),
  ).toEqual(calls);
  expect(recovered?.calls.map((call) => call.id)).toEqual(
    calls.map((_, index) => `${prefix}-${index + 1}`),
  );
  expect(recovered?.text).toBe(rest);
}
