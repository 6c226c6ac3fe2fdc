import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../shared/text/text-change';
import { createFakePage, createTestRecovery } from './__fixtures__/recovery-fixtures';

const scope = { siteId: 'typst' as const, projectId: 'p1' };
const identity = (sessionId: string) => ({ tabId: 7, scope, sessionId });

/** A chat with a saved snapshot of `saved`, and the page since edited to `edited`. */
async function savedThenEdited(saved: string, edited: string) {
  const page = createFakePage(saved);
  const test = createTestRecovery(page.port);
  const chat = await test.chats.create(scope);
  await test.recovery.run.afterComplete(identity(chat.id), 'r1');
  page.state.text = edited;
  const [snapshot] = (await test.recovery.snapshots.list(identity(chat.id))).snapshots;
  return { page, chat, snapshotId: snapshot!.snapshotId, ...test };
}

describe('a snapshot restore in the revert journal', () => {
  it('is reconciled as applied at the next start when the worker died after the commit landed', async () => {
    const { page, chat, snapshotId, recovery } = await savedThenEdited(
      'saved text\n',
      'edited text\n',
    );
    // The page applies the restore, and the worker dies before it hears back.
    let landed = false;
    page.port.commit = async (_tabId, _expected, changes) => {
      page.state.text = applyChanges(page.state.text, changes);
      landed = true;
      return new Promise(() => undefined);
    };
    void recovery.snapshots.restore({ ...identity(chat.id), snapshotId });
    await expect.poll(() => landed).toBe(true);
    const outcomes = await recovery.startup();
    expect(outcomes).toMatchObject([{ from: 'prepared', action: 'committed' }]);
    expect(await recovery.journal.list()).toMatchObject([
      { sessionId: chat.id, status: 'applied', fileLabel: 'main.typ' },
    ]);
  });

  it('leaves nothing behind when the commit did not land', async () => {
    const { page, chat, snapshotId, recovery } = await savedThenEdited('saved\n', 'edited\n');
    page.state.commitFault = { code: 'PAGE_REQUEST_TIMEOUT', landed: false };
    await expect(
      recovery.snapshots.restore({ ...identity(chat.id), snapshotId }),
    ).rejects.toMatchObject({ code: 'PAGE_REQUEST_TIMEOUT' });
    expect(page.state.text).toBe('edited\n');
    expect(await recovery.journal.list()).toEqual([]);
  });
});
