import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { createMapMemoryStore, memoryRecord } from './__fixtures__/memory-records';
import { MEMORY_BLOCK_LABEL } from './memory-block';
import { createMemoryService } from './memory-service';
import { serializeMemoryExport } from './memory-transfer';

function setup(initial = [memoryRecord({ id: 'mold', text: 'Use dark mode' })]) {
  const map = createMapMemoryStore(initial);
  let clock = 10_000;
  let counter = 0;
  const service = createMemoryService({
    store: map.store,
    now: () => (clock += 1),
    randomId: () => `id${(counter += 1)}`,
  });
  return { ...map, service };
}

const codeOf = async (pending: Promise<unknown>) => {
  try {
    await pending;
  } catch (error) {
    return error instanceof ProtocolFailure ? error.code : 'other';
  }
  return 'resolved';
};

describe('createMemoryService', () => {
  it('remembers an explicit record once; the same text again is not stored twice', async () => {
    const { service, records } = setup();
    const first = await service.remember({ text: ' I prefer metric units ', scope: 'global' });
    expect(first).toMatchObject({
      stored: true,
      record: {
        id: 'mid1',
        text: 'I prefer metric units',
        source: 'explicit',
        confidence: 1,
        kind: 'preference',
      },
    });
    const again = await service.remember({ text: 'i prefer metric units.', scope: 'global' });
    expect(again).toEqual({ stored: false, record: first.record });
    expect(records.size).toBe(2);
  });

  it('turns memory on when the person asks to remember something', async () => {
    const { service } = setup();
    await service.saveSettings({ enabled: false, autoLearn: false, maxChars: 2_000 });
    await service.remember({ text: 'Answer briefly', scope: 'global' });
    expect((await service.view()).settings.enabled).toBe(true);
  });

  it('refuses a secret and stores nothing', async () => {
    const { service, state } = setup();
    expect(await codeOf(service.remember({ text: 'password: hunter2', scope: 'global' }))).toBe(
      'MEMORY_TEXT_REFUSED',
    );
    expect(state.puts).toBe(0);
  });

  it('forgets by id (archives), says MEMORY_NOT_FOUND for an unknown id, and revives on remember', async () => {
    const { service } = setup();
    const forgotten = await service.forget('mold');
    expect(forgotten.archivedAt).not.toBeNull();
    expect(await codeOf(service.forget('mnope'))).toBe('MEMORY_NOT_FOUND');
    expect(await service.contextFor(null)).toBeNull();
    const revived = await service.remember({ text: 'Use dark mode', scope: 'global' });
    expect(revived).toMatchObject({ stored: true, record: { id: 'mold', archivedAt: null } });
  });

  it('edits a record, refusing a text another record has', async () => {
    const { service } = setup([
      memoryRecord({ id: 'ma', text: 'Use dark mode' }),
      memoryRecord({ id: 'mb', text: 'Answer briefly' }),
    ]);
    expect((await service.update('ma', 'Use light mode')).text).toBe('Use light mode');
    expect(await codeOf(service.update('ma', 'answer briefly'))).toBe('MEMORY_TEXT_REFUSED');
  });

  it('gives runs the labelled block for their origin and marks the used records', async () => {
    const { service, records } = setup([
      memoryRecord({ id: 'mg', text: 'I prefer metric units' }),
      memoryRecord({ id: 'ms', text: 'My size is M', scope: 'https://shop.example' }),
    ]);
    const block = await service.contextFor('https://news.example');
    expect(block).toBe(`${MEMORY_BLOCK_LABEL}\n- I prefer metric units`);
    await Promise.resolve();
    expect(records.get('mg')?.lastUsedAt).not.toBeNull();
    expect(records.get('ms')?.lastUsedAt).toBeNull();
    await service.saveSettings({ enabled: false, autoLearn: false, maxChars: 2_000 });
    expect(await service.contextFor('https://news.example')).toBeNull();
  });

  it('round-trips an export and skips what is already there', async () => {
    const { service } = setup();
    const exported = await service.exportJson();
    expect(exported.count).toBe(1);
    expect(await service.importJson(exported.json)).toEqual({
      imported: 0,
      skipped: 1,
      reasons: ['Record 1: the same text is already remembered.'],
    });
  });

  it('imports good records and skips script- or secret-carrying ones', async () => {
    const { service, records } = setup();
    const json = serializeMemoryExport(
      [
        memoryRecord({ id: 'mn1', text: 'Answer in German' }),
        memoryRecord({ id: 'mn2', text: '<script>steal()</script>' }),
        memoryRecord({ id: 'mn3', text: 'my pin is 4821' }),
      ],
      1,
    );
    const result = await service.importJson(json);
    expect(result).toMatchObject({ imported: 1, skipped: 2 });
    expect([...records.keys()].sort()).toEqual(['mn1', 'mold']);
  });

  it.each([
    ['not json', 'MEMORY_IMPORT_INVALID'],
    ['[1,2]', 'MEMORY_IMPORT_INVALID'],
    [
      JSON.stringify({ format: 'side-agent-sessions', version: 1, records: [] }),
      'MEMORY_IMPORT_INVALID',
    ],
    [
      JSON.stringify({ format: 'side-agent-memory', version: 2, records: [] }),
      'MEMORY_IMPORT_INVALID',
    ],
    [
      JSON.stringify({
        format: 'side-agent-memory',
        version: 1,
        records: new Array(2_001).fill(0),
      }),
      'MEMORY_IMPORT_TOO_LARGE',
    ],
    [' '.repeat(1_048_577), 'MEMORY_IMPORT_TOO_LARGE'],
  ])('refuses a bad file whole and keeps what is stored (%#)', async (json, code) => {
    const { service, records, state } = setup();
    expect(await codeOf(service.importJson(json))).toBe(code);
    expect(state.puts).toBe(0);
    expect([...records.keys()]).toEqual(['mold']);
  });
});
