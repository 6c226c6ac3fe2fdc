import { describe, expect, it } from 'vitest';
import type { TextChange } from '../../shared/text/text-change';
import {
  agentWrite,
  createFakePage,
  createTestRecovery,
  toolContext,
} from './__fixtures__/recovery-fixtures';

const scope = { siteId: 'typst' as const, projectId: 'p1' };
const LINES = 6_000;
const TEXT = Array.from({ length: LINES }, (_, index) => `Line ${index} of the text.`).join('\n');

/** One word inserted at the start of each of `lines`, at offsets of `current`. */
function fixesAt(current: string, lines: readonly number[]): TextChange[] {
  const starts = [0];
  for (let index = 0; index < current.length; index += 1)
    if (current.charCodeAt(index) === 10) starts.push(index + 1);
  return lines.map((line) => {
    const from = (starts[line] ?? 0) + 'Line '.length;
    return { from, to: from, insert: 'fixed ' };
  });
}

describe('reverting many small changes', () => {
  it('sends as many small changes as the response made, not one replacement of the text between them', async () => {
    const page = createFakePage(TEXT);
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    const context = toolContext(chat.id, 'r1');
    // Three writes of one response, 500 fixes each, interleaved over the whole document.
    for (const write of [0, 1, 2]) {
      const lines = Array.from({ length: 500 }, (_, index) => index * 12 + write * 4);
      await agentWrite(recovery.editHooks, context, page, fixesAt(page.state.text, lines));
    }
    expect(page.state.text.split('fixed ').length - 1).toBe(1_500);
    await recovery.revert({
      tabId: 7,
      scope,
      sessionId: chat.id,
      checkpointId: context.state.checkpointId!,
    });
    expect(page.state.text).toBe(TEXT);
    expect(page.state.lastChanges).toHaveLength(1_500);
    expect(page.state.lastChanges.every((change) => change.insert === '')).toBe(true);
  });
});
