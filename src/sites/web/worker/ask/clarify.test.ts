import { describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../../../../worker/tools/define-tool';
import { clarifyTool } from './clarify.tool';

function contextWith(askPerson?: ToolRunContext['interaction']['askPerson']): ToolRunContext {
  return {
    signal: new AbortController().signal,
    interaction: askPerson ? { askPerson } : {},
  } as unknown as ToolRunContext;
}

describe('clarify', () => {
  it('is offered only in Act and Dev, and refuses fewer than 2 or more than 4 options', () => {
    expect(clarifyTool.modes).toEqual(['act', 'dev']);
    expect(clarifyTool.parseArguments({ question: 'Which?', options: ['only'] }).ok).toBe(false);
    expect(
      clarifyTool.parseArguments({ question: 'Which?', options: ['a', 'b', 'c', 'd', 'e'] }).ok,
    ).toBe(false);
    expect(clarifyTool.parseArguments({ question: '' }).ok).toBe(false);
    expect(clarifyTool.parseArguments({ question: 'Which?', options: ['a', 'b'] }).ok).toBe(true);
  });

  it('returns the person’s answer, and says plainly when there was none', async () => {
    const asked: unknown[] = [];
    const answered = await clarifyTool.execute(
      { question: 'Which size?', options: ['S', 'M'] },
      contextWith(async (request) => (asked.push(request), { answer: 'M', chosenBy: 'person' })),
    );
    expect(asked).toEqual([{ question: 'Which size?', options: ['S', 'M'] }]);
    expect(answered).toMatchObject({ ok: true, result: { answered: true, answer: 'M' } });

    const late = await clarifyTool.execute(
      { question: 'Which size?' },
      contextWith(async () => ({ answer: null, reason: 'timeout' })),
    );
    expect(late).toMatchObject({ ok: true, result: { answered: false } });
    expect(JSON.stringify(late)).toContain('did not answer in time');

    const nobody = await clarifyTool.execute({ question: 'Which size?' }, contextWith());
    expect(nobody).toMatchObject({ ok: false, code: 'SITE_FEATURE_UNAVAILABLE' });
  });

  it('never passes the clock’s pick off as the person’s answer', async () => {
    const picked = await clarifyTool.execute(
      { question: 'Which size?', options: ['S', 'M'] },
      contextWith(async () => ({ answer: 'S', chosenBy: 'timeout' })),
    );
    expect(picked).toMatchObject({
      ok: true,
      result: { answered: false, answer: 'S', chosen_by: 'timeout' },
    });
    expect(JSON.stringify(picked)).toContain('not their decision');
  });
});
