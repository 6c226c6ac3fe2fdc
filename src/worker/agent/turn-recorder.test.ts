import { describe, expect, it } from 'vitest';
import { MAX_TURN_NOTICES } from '../../shared/protocol/chat-records';
import { createTurnRecorder } from './turn-recorder';

describe('the turn recorder\u2019s notices', () => {
  it('keeps each notice once, bounded, and leaves out the one the error banner says', () => {
    const recorder = createTurnRecorder({ id: 'a', runId: 'r', createdAt: 1 });
    const trim = { level: 'warning' as const, message: 'Trimmed.', code: 'CONTEXT_EMERGENCY_TRIM' };
    recorder.addNotice(trim);
    recorder.addNotice(trim);
    recorder.addNotice({ level: 'warning', message: 'x'.repeat(2_000), code: 'FINISH_LENGTH' });
    recorder.addNotice({
      level: 'warning',
      message: 'Stopped after 5 steps.',
      code: 'STEP_LIMIT_REACHED',
    });
    for (let index = 0; index < 20; index += 1)
      recorder.addNotice({ level: 'warning', message: `note ${index}` });
    recorder.finish('error', { code: 'STEP_LIMIT_REACHED', message: 'The run reached its limit.' });
    const notices = recorder.snapshot().notices ?? [];
    expect(notices[0]).toEqual(trim);
    expect(notices[1]?.message.length).toBeLessThanOrEqual(500);
    expect(notices.some((notice) => notice.code === 'STEP_LIMIT_REACHED')).toBe(false);
    expect(notices.length).toBe(MAX_TURN_NOTICES - 1);
  });

  it('goes on from a stored turn\u2019s notices when a run resumes', () => {
    const first = createTurnRecorder({ id: 'a', runId: 'r', createdAt: 1 });
    first.addNotice({ level: 'warning', message: 'Earlier.' });
    first.addNotice({ level: 'info', message: 'Used 120 tokens.' });
    const resumed = createTurnRecorder({
      id: 'a',
      runId: 'r2',
      createdAt: 1,
      from: first.snapshot(),
    });
    resumed.addNotice({ level: 'warning', message: 'Later.' });
    expect(resumed.snapshot().notices?.map((notice) => notice.message)).toEqual([
      'Earlier.',
      'Later.',
    ]);
  });
});
