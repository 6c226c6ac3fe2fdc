import { describe, expect, it } from 'vitest';
import { hashText } from '../../shared/text/text-hash';
import { composeChangeLists, limitChangeCount } from './compose-changes';
import {
  agentWrite,
  createFakePage,
  createTestRecovery,
  toolContext,
} from './__fixtures__/recovery-fixtures';
import { applyChanges, invertChanges } from '../../shared/text/text-change';

const scope = { siteId: 'typst' as const, projectId: 'p1' };
const identity = (sessionId: string) => ({ tabId: 7, scope, sessionId });

/** Stages a write as the edit flow does, then "dies" before or after the page commit. */
async function dieAroundCommit(landed: boolean) {
  const page = createFakePage('alpha\nbeta\ngamma');
  const test = createTestRecovery(page.port);
  const chat = await test.chats.create(scope);
  const context = toolContext(chat.id, 'r1');
  const live = await page.port.read(7);
  const changes = [{ from: 6, to: 10, insert: 'BETA' }];
  await test.recovery.editHooks.stageWrite?.(context, {
    fileLabel: live.fileLabel,
    text: live.text,
    hash: live.hash,
    changes,
  });
  if (landed) await page.port.commit(7, live, changes);
  return { page, ...test, chat };
}

describe('reconciliation of interrupted work', () => {
  it('prepared and the write landed: marked applied, still revertible', async () => {
    const { recovery, page, chat } = await dieAroundCommit(true);
    expect((await recovery.journal.list())[0]?.status).toBe('prepared');
    const [outcome] = await recovery.startup();
    expect(outcome).toMatchObject({
      from: 'prepared',
      action: 'committed',
      meta: { status: 'applied' },
    });
    await recovery.revert({ ...identity(chat.id), checkpointId: outcome!.checkpointId });
    expect(page.state.text).toBe('alpha\nbeta\ngamma');
  });

  it('prepared and the write never landed: a first stage is removed', async () => {
    const { recovery } = await dieAroundCommit(false);
    const [outcome] = await recovery.startup();
    expect(outcome).toMatchObject({ action: 'rolled-back', meta: null });
    expect(await recovery.journal.list()).toEqual([]);
  });

  it('prepared and someone edited since: conflict, no orphan left', async () => {
    const { recovery, page } = await dieAroundCommit(true);
    page.state.text += '\nby hand';
    const [outcome] = await recovery.startup();
    expect(outcome).toMatchObject({ action: 'conflict' });
    expect(await recovery.journal.list()).toEqual([]);
  });

  it('a later write left prepared returns to its applied state', async () => {
    const page = createFakePage('a\nb\nc');
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    const context = toolContext(chat.id, 'r1');
    await agentWrite(recovery.editHooks, context, page, [{ from: 0, to: 1, insert: 'A' }]);
    const live = await page.port.read(7);
    await recovery.editHooks.stageWrite?.(context, {
      fileLabel: live.fileLabel,
      text: live.text,
      hash: live.hash,
      changes: [{ from: 2, to: 3, insert: 'B' }],
    });
    const [outcome] = await recovery.startup();
    expect(outcome).toMatchObject({
      action: 'rolled-back',
      meta: { status: 'applied', writeCount: 1 },
    });
  });

  it('reverting and the revert landed: marked reverted; not landed: back to applied', async () => {
    for (const landed of [true, false]) {
      const page = createFakePage('one\ntwo');
      const { recovery, chats } = createTestRecovery(page.port);
      const chat = await chats.create(scope);
      await agentWrite(recovery.editHooks, toolContext(chat.id, 'r1'), page, [
        { from: 0, to: 3, insert: 'ONE' },
      ]);
      const [entry] = await recovery.journal.list();
      await recovery.journal.beginRevert(entry!.id);
      if (landed) page.state.text = 'one\ntwo';
      const [outcome] = await recovery.startup();
      expect(outcome).toMatchObject(
        landed
          ? { action: 'reverted', meta: { status: 'reverted' } }
          : { action: 'back-to-applied', meta: { status: 'applied' } },
      );
    }
  });

  it('an unreachable tab is left for the next recovery action, which reconciles lazily', async () => {
    const { recovery, page, chat } = await dieAroundCommit(true);
    page.state.fileLabel = 'other.typ';
    expect((await recovery.startup())[0]).toMatchObject({ action: 'unreachable' });
    page.state.fileLabel = 'main.typ';
    expect(await recovery.listCheckpoints(identity(chat.id))).toMatchObject([
      { status: 'applied', writeCount: 1 },
    ]);
  });
});

describe('document snapshots', () => {
  it('replaces the chat automatic snapshot, drops it on divergence and on an agent edit', async () => {
    const page = createFakePage('v1');
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    await recovery.run.afterComplete(identity(chat.id), 'r1');
    page.state.text = 'v2';
    await recovery.run.afterComplete(identity(chat.id), 'r2');
    let listed = await recovery.snapshots.list(identity(chat.id));
    expect(listed.snapshots).toMatchObject([{ kind: 'automatic', textLength: 2 }]);
    await recovery.run.atStart(identity(chat.id));
    expect((await recovery.snapshots.list(identity(chat.id))).snapshots).toHaveLength(1);
    page.state.text = 'v3 by hand';
    await recovery.run.atStart(identity(chat.id));
    expect((await recovery.snapshots.list(identity(chat.id))).snapshots).toHaveLength(0);
    await recovery.run.afterComplete(identity(chat.id), 'r3');
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r4'), page, [
      { from: 0, to: 2, insert: 'V3' },
    ]);
    listed = await recovery.snapshots.list(identity(chat.id));
    expect(listed.snapshots).toHaveLength(0);
  });

  it('leaves the page of a site without documents alone around runs', async () => {
    const page = createFakePage('v1');
    let reads = 0;
    const read = page.port.read.bind(page.port);
    page.port.read = async (tabId) => ((reads += 1), read(tabId));
    const { recovery, chats } = createTestRecovery(page.port);
    const web = { siteId: 'web' as const, projectId: 'https://shop.example' };
    const chat = await chats.create(web);
    await recovery.run.atStart({ tabId: 7, scope: web, sessionId: chat.id });
    await recovery.run.afterComplete({ tabId: 7, scope: web, sessionId: chat.id }, 'r1');
    expect(reads).toBe(0);
    await recovery.run.atStart(identity(chat.id));
    expect(reads).toBe(1);
  });

  it('previews, then restores after saving a rescue copy that survives deleting the chat', async () => {
    const page = createFakePage('title\nsaved body\nend');
    const { recovery, chats } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    await recovery.run.afterComplete(identity(chat.id), 'r1');
    page.state.text = 'title\nnew body\nend';
    const [saved] = (await recovery.snapshots.list(identity(chat.id))).snapshots;
    const preview = await recovery.snapshots.preview({
      ...identity(chat.id),
      snapshotId: saved!.snapshotId,
    });
    expect(
      preview.diff?.hunks[0]?.rows
        .filter((row) => row.kind !== 'context')
        .map((row) => `${row.kind}:${row.text}`),
    ).toEqual(['delete:new body', 'insert:saved body']);
    const restored = await recovery.snapshots.restore({
      ...identity(chat.id),
      snapshotId: saved!.snapshotId,
    });
    expect(page.state.text).toBe('title\nsaved body\nend');
    expect(page.state.lastChanges).toEqual([{ from: 6, to: 9, insert: 'saved' }]);
    await agentWrite(recovery.editHooks, toolContext(chat.id, 'r2'), page, [
      { from: 0, to: 5, insert: 'Title' },
    ]);
    // The restore's own journal entry and the agent write's checkpoint.
    expect(await recovery.journal.list()).toHaveLength(2);
    await chats.delete(chat.id);
    await recovery.startup();
    expect(await recovery.journal.list()).toEqual([]);
    const other = await chats.create(scope);
    page.state.text = 'title\nsaved body\nend';
    const left = (await recovery.snapshots.list(identity(other.id))).snapshots;
    expect(left).toMatchObject([
      {
        snapshotId: restored.rescueSnapshotId,
        kind: 'rescue',
        textLength: 'title\nnew body\nend'.length,
      },
    ]);
    const all = await recovery.snapshots.forgetDeletedChats(async () => false);
    expect(all).toBe(0);
  });

  it('refuses a snapshot whose body fails its integrity hash', async () => {
    const page = createFakePage('text');
    const { recovery, chats, factory } = createTestRecovery(page.port);
    const chat = await chats.create(scope);
    await recovery.run.afterComplete(identity(chat.id), 'r1');
    const [saved] = (await recovery.snapshots.list(identity(chat.id))).snapshots;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = factory.open('chats.database.v1');
      open.onsuccess = () => resolve(open.result);
    });
    await new Promise((resolve) => {
      const tx = db.transaction('snapshot-bodies', 'readwrite');
      tx.objectStore('snapshot-bodies').put({ id: saved!.snapshotId, text: 'TEXT' });
      tx.oncomplete = resolve;
    });
    await expect(
      recovery.snapshots.preview({ ...identity(chat.id), snapshotId: saved!.snapshotId }),
    ).rejects.toMatchObject({ code: 'DOCUMENT_SNAPSHOT_INTEGRITY' });
  });
});

describe('composeChangeLists', () => {
  it('composes sequential inverses into one list that restores the original', async () => {
    const original = Array.from({ length: 400 }, (_, index) => `row ${index}`).join('\n');
    let text = original;
    const inverses = [];
    for (let step = 0; step < 20; step += 1) {
      const at = (step * 997) % (text.length - 10);
      const changes = [{ from: at, to: at + 5, insert: `<${step}>` }];
      inverses.push(invertChanges(text, changes));
      text = applyChanges(text, changes);
    }
    const composed = composeChangeLists(inverses.reverse(), text.length);
    expect(applyChanges(text, composed)).toBe(original);
    const limited = limitChangeCount(text, composed, 3);
    expect(limited).toHaveLength(3);
    expect(await hashText(applyChanges(text, limited))).toBe(await hashText(original));
  });
});
