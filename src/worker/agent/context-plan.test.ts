// The approved plan survives every way the context shrinks: compaction of the chat
// (buildContext) and the in-run budget that drops old tool results (fitRunMessages).
import { describe, expect, it } from 'vitest';
import type { AssistantTurn, ChatTurn, UserTurn } from '../../shared/protocol/chat-records';
import type { RunPlan } from '../../shared/protocol/run-plan';
import type { ModelMessage } from '../providers/model-adapter';
import { buildContext, type ContextInput } from './context-builder';
import { pinApprovedPlan } from './context-plan';
import { fitRunMessages, tokensOfMessages } from './context-budget';

const PLAN: RunPlan = {
  summary: 'Fill in the shipping form.',
  steps: ['Open checkout', 'Type the street', 'Press Continue'],
  risks: ['Do not press Pay'],
  remember: ['Postcode 1010'],
  scheduling: { fits: false, note: '' },
};

const user = (id: string, text: string): UserTurn => ({
  id,
  role: 'user',
  createdAt: 1,
  text,
  attachments: [],
  file: null,
});
const assistant = (id: string, text: string, plan?: RunPlan): AssistantTurn => ({
  id,
  role: 'assistant',
  createdAt: 1,
  runId: `run-${id}`,
  status: 'complete',
  segments: [{ kind: 'text', text }],
  ...(plan ? { plan } : {}),
});
const input = (turns: ChatTurn[], extra: Partial<ContextInput> = {}): ContextInput => ({
  sitePrompt: 'You are a careful web agent.',
  selectionLanguage: '',
  customSystemPrompt: '',
  turns,
  attachments: [],
  runFile: null,
  supportsVision: false,
  contextWindow: 128_000,
  historyTurnLimit: 400,
  ...extra,
});
const allText = (messages: readonly ModelMessage[]) =>
  messages
    .map((message) =>
      message.role === 'user'
        ? message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
        : message.role === 'tool'
          ? message.content
          : message.text,
    )
    .join('\n');

describe('the pinned plan', () => {
  it('survives compaction of the exchange it was approved in', () => {
    const turns: ChatTurn[] = [user('u0', 'Start'), assistant('a0', 'Started')];
    turns.push(user('u1', 'Ship it'), assistant('a1', 'Shipping', PLAN));
    for (let index = 2; index < 100; index += 1)
      turns.push(
        user(`u${index}`, `Question ${index} ${'x'.repeat(400)}`),
        assistant(`a${index}`, `Answer ${index} ${'y'.repeat(400)}`),
      );
    turns.push(user('last', 'Continue the task'));
    const built = buildContext(input(turns, { contextWindow: 8_000 }));
    expect(built.compactedExchanges).toBeGreaterThan(2);
    const text = allText(built.messages);
    // The exchange itself went into the summary; only the plan is kept whole.
    expect(
      built.messages.some((message) => message.role === 'assistant' && message.text === 'Shipping'),
    ).toBe(false);
    expect(text).toContain('earlier exchanges were shortened automatically');
    expect(text).toContain('[Approved plan of an earlier message in this chat]');
    expect(text).toContain('3. Press Continue');
    expect(text).toContain('- Postcode 1010');
    expect(built.estimatedTokens).toBeLessThanOrEqual(built.budgetTokens);
    // It sits in the current message, before the person's new words.
    const last = built.messages.at(-1);
    const parts = last?.role === 'user' ? last.content : [];
    const planAt = parts.findIndex(
      (part) => part.type === 'text' && part.text.startsWith('[Approved'),
    );
    const questionAt = parts.findIndex(
      (part) => part.type === 'text' && part.text === 'Continue the task',
    );
    expect(planAt).toBeGreaterThanOrEqual(0);
    expect(planAt).toBeLessThan(questionAt);
  });

  it('pins only the newest plan of the chat', () => {
    const newer = { ...PLAN, steps: ['Open the newer page'] };
    const built = buildContext(
      input([
        user('u1', 'One'),
        assistant('a1', 'Done one', PLAN),
        user('u2', 'Two'),
        assistant('a2', 'Done two', newer),
        user('u3', 'Three'),
      ]),
    );
    const text = allText(built.messages);
    expect(text).toContain('1. Open the newer page');
    expect(text).not.toContain('Open checkout');
  });

  it('replaces an earlier plan with the one approved in this run and keeps it through the in-run budget', () => {
    const built = buildContext(
      input([user('u1', 'One'), assistant('a1', 'Done', PLAN), user('u2', 'Now the next form')]),
    );
    const messages = built.messages;
    const edited = { ...PLAN, steps: ['Open the second form', 'Press Send'] };
    pinApprovedPlan(messages, edited, messages.length);
    const firstRunMessage = messages.length;
    const pinned = allText(messages);
    expect(pinned).toContain('[Approved plan] The person reviewed this plan');
    expect(pinned).not.toContain('of an earlier message');
    expect(pinned).toContain('Now the next form');
    for (let round = 0; round < 6; round += 1) {
      messages.push({
        role: 'assistant',
        text: '',
        toolCalls: [{ id: `c${round}`, name: 'read_page', argumentsText: '{}' }],
      });
      messages.push({
        role: 'tool',
        callId: `c${round}`,
        toolName: 'read_page',
        content: `page ${round} ${'z'.repeat(20_000)}`,
      });
    }
    const budget = tokensOfMessages(messages) - 20_000;
    expect(fitRunMessages(messages, firstRunMessage, budget)).toBeGreaterThan(0);
    const after = allText(messages);
    expect(after).toContain('1. Open the second form');
    expect(after).toContain('2. Press Send');
    expect(after).not.toContain('page 0 ');
  });

  it('adds a user message for the plan when the conversation has none before the run', () => {
    const messages: ModelMessage[] = [{ role: 'system', text: 'rules' }];
    pinApprovedPlan(messages, PLAN, 1);
    expect(messages).toHaveLength(2);
    expect(allText(messages)).toContain('1. Open checkout');
  });
});
