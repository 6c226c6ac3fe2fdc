import { describe, expect, it } from 'vitest';
import { createSessionTransfer } from './session-transfer';
import {
  assistantTurn,
  createTestChatStore,
  toolCall,
  userTurn,
} from './__fixtures__/chat-fixtures';

const scope = { siteId: 'web' as const, projectId: 'https://forge.example' };
const KEY = 'sk-proj-T3stK3yAbCdEfGhIjKlMnOpQrStUv012345';
const CARD = '4242 4242 4242 4242';

describe('the sessions export', () => {
  it('carries no credential-like string of any text in a chat, and keeps the stored chat whole', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope, `Key ${KEY}`);
    await store.appendUserTurn(meta.id, userTurn(`Log in with password: hunter2-${'x'.repeat(4)}`));
    await store.putAssistantTurn(
      meta.id,
      assistantTurn('Done', {
        segments: [
          { kind: 'reasoning', text: `The page shows ${KEY}` },
          {
            kind: 'tools',
            calls: [
              toolCall({
                name: 'type',
                argumentsPreview: JSON.stringify({ ref: 'e4', text: CARD }),
                summary: `Typed into e4 (${CARD}).`,
                activity: `Typed ${CARD}`,
              }),
            ],
          },
          { kind: 'text', text: `Your IBAN DE89 3704 0044 0532 0130 00 is saved.` },
        ],
      }),
    );
    const { json } = await createSessionTransfer(store).exportJson();
    for (const secret of [KEY, CARD, 'hunter2', 'DE89 3704']) expect(json).not.toContain(secret);
    expect(json).toContain('[secret withheld: api-key]');
    expect(json).toContain('[secret withheld: card-number]');
    expect(json).toContain('[secret withheld: iban]');
    const stored = JSON.stringify(await store.get(meta.id));
    expect(stored).toContain(KEY);

    // What was exported imports again: the markers fit the records' bounds.
    const again = await createSessionTransfer(createTestChatStore().store).importJson(json);
    expect(again).toMatchObject({ imported: 1, rejected: 0 });
  });
});
