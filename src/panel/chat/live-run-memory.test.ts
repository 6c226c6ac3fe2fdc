// The live checklist's state: it follows `run/memory`, and a panel that reopens
// during a run starts from the snapshot's turn, so the checklist is never blank.
import { describe, expect, it } from 'vitest';
import type { RunIdentity, RunSnapshot } from '../../shared/protocol/run-messages';
import { LiveRun } from './live-run';

const identity: RunIdentity = {
  tabId: 1,
  scope: { siteId: 'web', projectId: 'https://shop.example' },
  sessionId: 's1',
};
const memory = {
  scratchpad: 'Total: 10',
  droppedLines: 0,
  rows: [{ id: 'A-1', status: 'acted' as const, fields: [] }],
};

describe('the live run checklist', () => {
  it('follows run/memory', () => {
    const run = new LiveRun('r1', identity);
    expect(run.memory.value).toBeNull();
    run.setMemory({ memory });
    expect(run.memory.value?.memory.rows[0]?.status).toBe('acted');
    run.dispose();
  });

  it('starts from the snapshot when the panel reattaches', () => {
    const snapshot: RunSnapshot = {
      runId: 'r1',
      identity,
      sequence: 0,
      pending: null,
      turn: {
        id: 't1',
        role: 'assistant',
        createdAt: 1,
        runId: 'r1',
        status: 'incomplete',
        segments: [],
        memory,
      },
    };
    const run = new LiveRun('r1', identity, {}, snapshot);
    expect(run.memory.value).toEqual({ memory });
    const plain = new LiveRun(
      'r2',
      identity,
      {},
      { ...snapshot, turn: { ...snapshot.turn, memory: undefined } },
    );
    expect(plain.memory.value).toBeNull();
    run.dispose();
    plain.dispose();
  });
});
