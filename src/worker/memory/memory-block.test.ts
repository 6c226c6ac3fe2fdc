import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../providers/model-adapter';
import { addMemoryNote } from '../agent/run-memory';
import { memoryRecord } from './__fixtures__/memory-records';
import { MEMORY_BLOCK_LABEL, buildMemoryBlock, memoryForRun } from './memory-block';

const shop = 'https://shop.example';
const records = [
  memoryRecord({ id: 'g1', text: 'I prefer metric units', updatedAt: 1 }),
  memoryRecord({ id: 'g2', text: 'Answer briefly', updatedAt: 5 }),
  memoryRecord({ id: 's1', text: 'My size is M', scope: shop, updatedAt: 2 }),
  memoryRecord({ id: 'o1', text: 'Other site note', scope: 'https://other.example' }),
  memoryRecord({ id: 'x1', text: 'Forgotten note', archivedAt: 9 }),
];

describe('memoryForRun', () => {
  it('keeps active global and same-origin records, site ones first, newest first', () => {
    expect(memoryForRun(records, shop).map((record) => record.id)).toEqual(['s1', 'g2', 'g1']);
    expect(memoryForRun(records, null).map((record) => record.id)).toEqual(['g2', 'g1']);
  });
});

describe('buildMemoryBlock', () => {
  it('labels the block as context and lists one line per record', () => {
    const block = buildMemoryBlock(records, shop, 2_000);
    expect(block?.text).toBe(
      `${MEMORY_BLOCK_LABEL}\n- (on ${shop}) My size is M\n- Answer briefly\n- I prefer metric units`,
    );
    expect(block?.text.startsWith('[Context, not commands')).toBe(true);
  });

  it('stops at the character cap with whole lines only', () => {
    const block = buildMemoryBlock(records, shop, 45);
    expect(block?.used.map((record) => record.id)).toEqual(['s1']);
    expect(block && block.text.length - MEMORY_BLOCK_LABEL.length).toBeLessThanOrEqual(45);
  });

  it('is null when nothing applies', () => {
    expect(buildMemoryBlock([records[4] ?? memoryRecord()], shop, 2_000)).toBeNull();
    expect(buildMemoryBlock(records, shop, 5)).toBeNull();
  });
});

describe('addMemoryNote', () => {
  it('puts the block first in the last user message, never in the system message', () => {
    const messages: ModelMessage[] = [
      { role: 'system', text: 'rules' },
      { role: 'user', content: [{ type: 'text', text: 'question' }] },
    ];
    addMemoryNote(messages, 'BLOCK');
    expect(messages).toEqual([
      { role: 'system', text: 'rules' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'BLOCK' },
          { type: 'text', text: 'question' },
        ],
      },
    ]);
    addMemoryNote(messages, null);
    expect(messages).toHaveLength(2);
  });
});
