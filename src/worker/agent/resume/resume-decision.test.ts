import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../../../shared/protocol/chat-records';
import type { TabSite } from '../../../shared/protocol/site-catalog';
import { decideResume } from './resume-decision';
import { MAX_RESUMES, readResumeState, type RunResumeState } from './resume-state';

const SCOPE = { siteId: 'web', projectId: 'https://shop.example' };

const state = (patch: Partial<RunResumeState> = {}): RunResumeState => ({
  request: {
    tabId: 7,
    scope: SCOPE,
    sessionId: 's1',
    userTurnId: 'u1',
    modelId: 'model-1',
    editMode: 'ask',
    agentMode: 'act',
    file: null,
    selection: null,
    attachments: [],
    attachmentRecords: [],
  },
  steps: 2,
  resumes: 0,
  pending: null,
  ...patch,
});

const turn = (status: AssistantTurn['status'] = 'incomplete'): AssistantTurn => ({
  id: 'a1',
  role: 'assistant',
  createdAt: 1,
  runId: 'r1',
  status,
  segments: [{ kind: 'text', text: 'working' }],
});

const tab = (scope = SCOPE): TabSite => ({
  tabId: 7,
  windowId: 1,
  url: `${scope.projectId}/cart`,
  siteId: scope.siteId,
  scope,
});

describe('run resume state', () => {
  it('reads back what a run stored and explains what it refuses', () => {
    expect(readResumeState(state())).toEqual({ ok: true, state: state() });
    expect(readResumeState(undefined)).toEqual({
      ok: false,
      reason: 'the entry holds no resume state',
    });
    const bad = readResumeState({ ...state(), steps: -1 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/malformed at steps/);
    expect(readResumeState({ ...state(), extra: true }).ok).toBe(false);
    expect(readResumeState({ ...state(), request: { tabId: 'seven' } }).ok).toBe(false);
  });
});

describe('the resume decision', () => {
  it('resumes a run whose tab still shows its page', () => {
    const decision = decideResume({ stored: state(), turn: turn(), tab: tab() });
    expect(decision).toMatchObject({ kind: 'resume', state: { steps: 2 }, turn: { id: 'a1' } });
  });

  it('resumes a run that waited on an approval card (its card comes back as a new call)', () => {
    const decision = decideResume({
      stored: state({ pending: 'action-approval' }),
      turn: turn(),
      tab: tab(),
    });
    expect(decision.kind).toBe('resume');
  });

  it('ends the turn in plain words when the tab is gone, naming the steps taken', () => {
    expect(decideResume({ stored: state({ steps: 3 }), turn: turn(), tab: null })).toEqual({
      kind: 'end',
      code: 'RUN_TAB_CLOSED',
      message: 'The tab this task was working in was closed, so it stopped after 3 steps.',
      steps: 3,
    });
  });

  it('ends the turn when the tab shows another site now', () => {
    const decision = decideResume({
      stored: state({ steps: 1 }),
      turn: turn(),
      tab: tab({ siteId: 'web', projectId: 'https://elsewhere.example' }),
    });
    expect(decision).toMatchObject({ kind: 'end', code: 'RUN_TAB_CHANGED', steps: 1 });
    expect(decision.kind === 'end' && decision.message).toMatch(/after 1 step\.$/);
  });

  it('marks a run with a malformed or missing state interrupted, with the reason', () => {
    const malformed = decideResume({ stored: { steps: 'x' }, turn: turn(), tab: tab() });
    expect(malformed.kind).toBe('interrupt');
    expect(malformed.kind === 'interrupt' && malformed.reason).toMatch(/malformed/);
    expect(decideResume({ stored: undefined, turn: turn(), tab: tab() }).kind).toBe('interrupt');
  });

  it('stops a run resumed too often instead of resuming it again', () => {
    const decision = decideResume({
      stored: state({ resumes: MAX_RESUMES }),
      turn: turn(),
      tab: tab(),
    });
    expect(decision).toMatchObject({ kind: 'end', code: 'RUN_RESUME_LIMIT' });
    expect(
      decideResume({ stored: state({ resumes: MAX_RESUMES - 1 }), turn: turn(), tab: tab() }).kind,
    ).toBe('resume');
  });

  it('never approves a plan for the person: a run waiting on its plan ends, nothing done', () => {
    const decision = decideResume({
      stored: state({ pending: 'plan-review', steps: 0 }),
      turn: turn(),
      tab: tab(),
    });
    expect(decision).toMatchObject({ kind: 'end', code: 'RUN_RESUME_PLAN_LOST' });
    expect(decision.kind === 'end' && decision.message).toMatch(/nothing was done/);
  });

  it('leaves a turn that already ended or is gone', () => {
    expect(decideResume({ stored: state(), turn: turn('complete'), tab: tab() }).kind).toBe(
      'leave',
    );
    expect(decideResume({ stored: state(), turn: undefined, tab: tab() }).kind).toBe('leave');
  });
});
