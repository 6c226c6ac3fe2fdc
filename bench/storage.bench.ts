// Storage figures (issue 8): bytes written per chat turn for a 500 KB chat (should be
// about the size of the turn, not the chat), and listing / searching 1,000 chats.
// Runs in Node on fake-indexeddb (an in-memory IndexedDB), so times show the store's
// own work (validation, cursors, structured clone), not a browser's disk I/O.
import { approxBytes } from '../src/worker/storage/chat-trim';
import {
  assistantTurn,
  createTestChatStore,
  measurePuts,
  userTurn,
} from '../src/worker/storage/__fixtures__/chat-fixtures';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function bytesPerTurn() {
  const { store } = createTestChatStore();
  const scope = { siteId: 'typst' as const, projectId: 'bench' };
  const meta = await store.create(scope);
  for (let index = 0; index < 25; index += 1) {
    await store.appendUserTurn(meta.id, userTurn(`question ${index} ` + 'q'.repeat(2_000)));
    await store.putAssistantTurn(meta.id, assistantTurn(`answer ${index} ` + 'a'.repeat(18_000)));
  }
  const chatBytes = (await store.get(meta.id))?.meta.approxBytes ?? 0;
  const user = userTurn('Please tighten the second paragraph of the introduction. '.repeat(35));
  const answer = assistantTurn('Here is the tightened paragraph. '.repeat(300));
  const userWrite = await measurePuts(() => store.appendUserTurn(meta.id, user));
  const answerWrite = await measurePuts(() => store.putAssistantTurn(meta.id, answer));
  console.log(`chat size before the turn: ${chatBytes} bytes`);
  console.log(`user turn size: ${approxBytes(user)} bytes`);
  console.log(`bytes written for that user turn (turn + session record): ${userWrite.bytes} bytes`);
  console.log(`assistant turn size: ${approxBytes(answer)} bytes`);
  console.log(
    `bytes written for that assistant turn (turn + session record): ${answerWrite.bytes} bytes`,
  );
  console.log(
    `write amplification (written / turn size, assistant): ${(answerWrite.bytes / approxBytes(answer)).toFixed(2)} x`,
  );
}

async function listThousand() {
  const { store } = createTestChatStore();
  const scope = { siteId: 'typst' as const, projectId: 'bench' };
  for (let index = 0; index < 1_000; index += 1) {
    const meta = await store.create(scope, `Chat ${index}`);
    await store.appendUserTurn(
      meta.id,
      userTurn(`first question of chat ${index} about tables and figures`),
    );
  }
  await store.list(scope);
  const listTimes: number[] = [];
  const searchTimes: number[] = [];
  for (let run = 0; run < 15; run += 1) {
    let started = performance.now();
    const listed = await store.list(scope);
    listTimes.push(performance.now() - started);
    if (listed.length !== 1_000) throw new Error(`listed ${listed.length}`);
    started = performance.now();
    await store.search('chat 99');
    searchTimes.push(performance.now() - started);
  }
  console.log(`session list of 1,000 chats (median of 15): ${median(listTimes).toFixed(1)} ms`);
  console.log(`search over 1,000 chats (median of 15): ${median(searchTimes).toFixed(1)} ms`);
}

await bytesPerTurn();
await listThousand();
