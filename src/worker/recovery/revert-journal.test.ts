import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import {
  agentWrite,
  createFakePage,
  createTestRecovery,
  toolContext,
} from './__fixtures__/recovery-fixtures';

const scope = { siteId: 'typst' as const, projectId: 'p1' };
const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

async function threeResponses() {
  const page = createFakePage(lines(30));
  const test = createTestRecovery(page.port);
  const chat = await test.chats.create(scope);
  const original = page.state.text;
  const contexts = ['r1', 'r2', 'r3'].map((runId) => toolContext(chat.id, runId));
  await agentWrite(test.recovery.editHooks, contexts[0]!, page, [
    { from: 0, to: 6, insert: 'FIRST' },
  ]);
  await agentWrite(test.recovery.editHooks, contexts[0]!, page, [
    { from: 20, to: 20, insert: '+more' },
  ]);
  await agentWrite(test.recovery.editHooks, contexts[1]!, page, [
    { from: 40, to: 47, insert: 'SECOND' },
  ]);
  await agentWrite(test.recovery.editHooks, contexts[2]!, page, [
    { from: 60, to: 60, insert: 'THIRD\n' },
  ]);
  return { page, ...test, chat, original, contexts };
}

describe('revert journal', () => {
  it('stages one checkpoint per response and advances it for later writes', async () => {
    const { recovery, contexts } = await threeResponses();
    const entries = await recovery.journal.list();
    expect(entries.map((entry) => [entry.runId, entry.status, entry.writeCount])).toEqual([
      ['r1', 'applied', 2],
      ['r2', 'applied', 1],
      ['r3', 'applied', 1],
    ]);
    expect(contexts[0]!.state.checkpointId).toBe(entries[0]!.id);
  });

  it('does not send a later write whose base is not the checkpoint state', async () => {
    const page = createFakePage('abc\ndef');
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    const context = toolContext(chat.id, 'r1');
    await agentWrite(recovery.editHooks, context, page, [{ from: 0, to: 1, insert: 'A' }]);
    page.state.text = 'manual ' + page.state.text;
    const commits = page.state.commits;
    await expect(
      agentWrite(recovery.editHooks, context, page, [{ from: 0, to: 1, insert: 'M' }]),
    ).rejects.toMatchObject({ code: 'EDIT_CHECKPOINT_CONFLICT' });
    expect(page.state.commits).toBe(commits);
    expect((await recovery.journal.list())[0]).toMatchObject({ status: 'applied', writeCount: 1 });
  });

  it('reverts an older response by reverting every later one first, newest first, with minimal changes', async () => {
    const { recovery, page, original, chat } = await threeResponses();
    const [first] = await recovery.journal.list();
    const result = await recovery.revert({
      tabId: 7,
      scope,
      sessionId: chat.id,
      checkpointId: first!.id,
    });
    expect(result.revertedIds).toHaveLength(3);
    expect(result.methods).toEqual(['inverse-changes', 'inverse-changes', 'inverse-changes']);
    expect(page.state.text).toBe(original);
    // The first response had two writes: one transaction with two small changes, not the whole document.
    expect(page.state.lastChanges).toHaveLength(2);
    expect(page.state.lastChanges.every((change) => change.to - change.from < 20)).toBe(true);
    expect((await recovery.journal.list()).every((entry) => entry.status === 'reverted')).toBe(
      true,
    );
    expect(await recovery.journal.body(first!.id)).toBeNull();
  });

  it('stops at a manual edit with partial progress and leaves older steps applied', async () => {
    const page = createFakePage(lines(30));
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r1'), page, [
      { from: 0, to: 6, insert: 'FIRST' },
    ]);
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r2'), page, [
      { from: 40, to: 47, insert: 'SECOND' },
    ]);
    page.state.text = page.state.text.replace('line 20', 'line twenty (by hand)');
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r3'), page, [
      { from: 60, to: 60, insert: 'THIRD\n' },
    ]);
    const [first, , third] = await recovery.journal.list();
    const failure = await recovery
      .revert({ tabId: 7, scope, sessionId: chat.id, checkpointId: first!.id })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProtocolFailure);
    expect(failure).toMatchObject({
      code: 'EDIT_REVERT_CONFLICT',
      details: { revertedCount: 1, totalCount: 3, revertedCheckpointIds: [third!.id] },
    });
    expect((failure as ProtocolFailure).message).toMatch(/^1 newer response was reverted/);
    expect(page.state.text).toContain('line twenty (by hand)');
    expect(page.state.text).not.toContain('THIRD');
    expect((await recovery.journal.list()).map((entry) => entry.status)).toEqual([
      'applied',
      'applied',
      'reverted',
    ]);
  });

  it('falls back to the hash-checked pre-edit copy when the change record is unavailable', async () => {
    const page = createFakePage('one\ntwo\nthree');
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    // A CRLF insert may be normalized by CodeMirror: the checkpoint keeps the text instead.
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r1'), page, [
      { from: 4, to: 7, insert: 'TWO\r\nTWO' },
    ]);
    const [entry] = await recovery.journal.list();
    expect(await recovery.journal.body(entry!.id)).toMatchObject({
      inverses: null,
      beforeText: 'one\ntwo\nthree',
    });
    const result = await recovery.revert({
      tabId: 7,
      scope,
      sessionId: chat.id,
      checkpointId: entry!.id,
    });
    expect(result.methods).toEqual(['whole-document']);
    expect(page.state.text).toBe('one\ntwo\nthree');
  });

  it('keeps at most five checkpoints, dropping reverted ones first, and protects in-flight ones', async () => {
    const page = createFakePage(lines(10));
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    for (let index = 1; index <= 5; index += 1)
      await agentWrite(recovery.editHooks, toolContext(chat.id, `r${index}`), page, [
        { from: 0, to: 0, insert: `${index}` },
      ]);
    const entries = await recovery.journal.list();
    await recovery.revert({ tabId: 7, scope, sessionId: chat.id, checkpointId: entries[4]!.id });
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r6'), page, [
      { from: 0, to: 0, insert: '6' },
    ]);
    const after = await recovery.journal.list();
    expect(after).toHaveLength(5);
    expect(after.map((entry) => entry.runId)).toEqual(['r1', 'r2', 'r3', 'r4', 'r6']);
    // Five in-flight entries: nothing can be pruned, so the sixth write is refused before the page.
    for (const entry of after) {
      if (entry.status === 'applied') await recovery.journal.beginRevert(entry.id);
    }
    const commits = page.state.commits;
    await expect(
      agentWrite(recovery.editHooks, toolContext(chat.id, 'r7'), page, [
        { from: 0, to: 0, insert: '7' },
      ]),
    ).rejects.toMatchObject({ code: 'EDIT_CHECKPOINT_HISTORY_BUSY' });
    expect(page.state.commits).toBe(commits);
  });

  it('marks reverted receipts and adds the fixed reverted event to the chat', async () => {
    const { recovery, chats, chat } = await threeResponses();
    const entries = await recovery.journal.list();
    for (const [index, entry] of entries.entries()) {
      await chats.putAssistantTurn(chat.id, {
        id: `a${index}`,
        role: 'assistant',
        createdAt: 1,
        runId: entry.runId,
        status: 'complete',
        segments: [
          {
            kind: 'tools',
            calls: [
              {
                callId: `c${index}`,
                name: 'replace_lines',
                argumentsPreview: '{}',
                argumentsChars: 2,
                status: 'done',
                summary: 'ok',
                receipt: {
                  checkpointId: entry.id,
                  status: 'applied',
                  fileLabel: 'main.typ',
                  createdAt: 1,
                  reviewedDiff: false,
                },
              },
            ],
          },
        ],
      });
    }
    await recovery.revert({ tabId: 7, scope, sessionId: chat.id, checkpointId: entries[1]!.id });
    const stored = (await chats.get(chat.id))!.turns;
    const receipts = stored.map((turn) =>
      turn.role === 'assistant' && turn.segments[0]?.kind === 'tools'
        ? turn.segments[0].calls[0]?.receipt?.status
        : null,
    );
    expect(receipts).toEqual(['applied', 'reverted', 'reverted']);
    expect(
      stored.map((turn) => (turn.role === 'assistant' ? (turn.editorEvents ?? []) : [])),
    ).toEqual([[], ['reverted'], ['reverted']]);
  });

  it('resumes a cascade a dead worker left mid-step: the reverting step is reconciled lazily, then the rest follows', async () => {
    const { recovery, page, original, chat } = await threeResponses();
    const [first, , third] = await recovery.journal.list();
    // The previous worker journaled `reverting` for the newest step and its commit landed, then it died.
    await recovery.journal.beginRevert(third!.id);
    const { planRevert } = await import('./revert-changes');
    const live = await page.port.read(7);
    await page.port.commit(
      7,
      live,
      (await planRevert(third!, await recovery.journal.body(third!.id), live.text)).changes,
    );
    const result = await recovery.revert({
      tabId: 7,
      scope,
      sessionId: chat.id,
      checkpointId: first!.id,
    });
    expect(result.methods).toEqual(['already-at-before', 'inverse-changes', 'inverse-changes']);
    expect(page.state.text).toBe(original);
  });

  it('refuses while a run of the chat is active', async () => {
    const page = createFakePage('x');
    const { recovery } = createTestRecovery(page.port, { runActive: true });
    await expect(
      recovery.revert({ tabId: 7, scope, sessionId: 's', checkpointId: 'cp' }),
    ).rejects.toMatchObject({ code: 'EDIT_REVERT_RUN_ACTIVE' });
  });

  it('reads the document again when a revert commit goes unanswered, and never says "not changed" blindly', async () => {
    // Landed before the page went quiet: the step counts as reverted.
    const landed = await threeResponses();
    const [, , newest] = await landed.recovery.journal.list();
    landed.page.state.commitFault = { code: 'PAGE_REQUEST_TIMEOUT', landed: true };
    const result = await landed.recovery.revert({
      tabId: 7,
      scope,
      sessionId: landed.chat.id,
      checkpointId: newest!.id,
    });
    expect(result.revertedIds).toEqual([newest!.id]);
    expect(landed.page.state.text).not.toContain('THIRD');
    expect((await landed.recovery.journal.list()).at(-1)?.status).toBe('reverted');

    // Did not land: the document is checked and the message says so, with the code.
    const missed = await threeResponses();
    const [, , third] = await missed.recovery.journal.list();
    missed.page.state.commitFault = { code: 'PAGE_REQUEST_TIMEOUT', landed: false };
    const failure = await missed.recovery
      .revert({ tabId: 7, scope, sessionId: missed.chat.id, checkpointId: third!.id })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'EDIT_REVERT_CONFLICT' });
    expect((failure as Error).message).toContain(
      'did not confirm the revert (PAGE_REQUEST_TIMEOUT)',
    );
    expect(missed.page.state.text).toContain('THIRD');
    expect((await missed.recovery.journal.list()).at(-1)?.status).toBe('applied');

    // The page cannot be read afterwards: it may have landed, and reconciliation decides.
    const unknown = await threeResponses();
    const [, , last] = await unknown.recovery.journal.list();
    unknown.page.state.commitFault = { code: 'PAGE_REQUEST_TIMEOUT', landed: true };
    unknown.page.state.readFailures = 0;
    const read = unknown.page.port.read.bind(unknown.page.port);
    let reads = 0;
    unknown.page.port.read = async (tabId) => {
      reads += 1;
      // The cascade reads once before the commit; the check after it finds no page.
      if (reads > 1) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'gone');
      return read(tabId);
    };
    const maybe = await unknown.recovery
      .revert({ tabId: 7, scope, sessionId: unknown.chat.id, checkpointId: last!.id })
      .catch((error: unknown) => error);
    expect(maybe).toMatchObject({ code: 'EDIT_REVERT_MAY_HAVE_LANDED' });
    expect((maybe as Error).message).toContain('may have landed');
    expect((await unknown.recovery.journal.list()).at(-1)?.status).toBe('reverting');

    // A refusal the guarded commit proves changed nothing is reported as such.
    const refused = await threeResponses();
    const [, , step] = await refused.recovery.journal.list();
    refused.page.state.commitFault = { code: 'STALE_DOCUMENT', landed: false };
    const stale = await refused.recovery
      .revert({ tabId: 7, scope, sessionId: refused.chat.id, checkpointId: step!.id })
      .catch((error: unknown) => error);
    expect((stale as Error).message).toContain('refused the revert (STALE_DOCUMENT)');
    expect((await refused.recovery.journal.list()).at(-1)?.status).toBe('applied');
  });
});
