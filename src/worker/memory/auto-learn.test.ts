import { describe, expect, it } from 'vitest';
import type { ModelRequest, StreamPart } from '../providers/model-adapter';
import { createMemorySettingsStore } from '../storage/__fixtures__/memory-stores';
import { finish, scriptedAdapter, text, until } from '../agent/__fixtures__/agent-harness';
import { createMapMemoryStore, memoryRecord } from './__fixtures__/memory-records';
import { LEARN_PROMPT, createAutoLearner, parseProposals } from './auto-learn';
import { createMemoryService } from './memory-service';

const PROPOSAL =
  '{"records":[{"text":"Prefers answers in German","kind":"preference"},{"text":"password: hunter2","kind":"preference"}]}';

async function setup(
  turns: (readonly StreamPart[] | (() => AsyncIterable<StreamPart>))[],
  autoLearn = true,
) {
  const settings = createMemorySettingsStore();
  await settings.saveModel({
    id: 'model-1',
    name: 'Test',
    kind: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:9/v1',
    modelId: 'scripted',
    supportsVision: false,
    reasoningEffort: 'default',
    contextWindow: 128_000,
    insecureOriginAcknowledged: null,
    apiKey: '',
  });
  const map = createMapMemoryStore([memoryRecord({ id: 'm1', text: 'I prefer metric units' })]);
  const memory = createMemoryService({ store: map.store });
  await memory.saveSettings({ enabled: true, autoLearn, maxChars: 2_000 });
  let calls = 0;
  const requests: ModelRequest[] = [];
  const { adapter } = scriptedAdapter([]);
  const learn = createAutoLearner({
    memory,
    settings,
    fetch: async () => new Response(''),
    adapterFor: () => ({
      ...adapter,
      async *stream(request) {
        requests.push(request);
        const turn = turns[Math.min(calls, turns.length - 1)];
        calls += 1;
        if (!turn) return;
        yield* typeof turn === 'function' ? turn() : turn;
      },
    }),
  });
  const input = {
    modelId: 'model-1',
    userText: 'Please answer in German from now on',
    answer: 'Gern.',
    mode: 'ask' as const,
  };
  return { map, learn, input, requests, calls: () => calls };
}

describe('parseProposals', () => {
  it('reads at most three well-formed proposals and ignores anything else', () => {
    expect(parseProposals(`Sure: ${PROPOSAL}`)).toEqual([
      { text: 'Prefers answers in German', kind: 'preference' },
      { text: 'password: hunter2', kind: 'preference' },
    ]);
    expect(parseProposals('no json')).toEqual([]);
    expect(parseProposals('{"records":[{"text":"x","kind":"rule"}]}')).toEqual([]);
    const many = JSON.stringify({
      records: Array.from({ length: 9 }, (_, index) => ({ text: `t${index}`, kind: 'preference' })),
    });
    expect(parseProposals(many)).toHaveLength(3);
  });
});

describe('createAutoLearner', () => {
  it('asks once with labelled data and stores safe proposals as learned', async () => {
    const { map, learn, input, requests } = await setup([[text(PROPOSAL), finish()]]);
    learn(input);
    await until(() => map.records.size === 2);
    const learned = [...map.records.values()].find((record) => record.id !== 'm1');
    expect(learned).toMatchObject({
      text: 'Prefers answers in German',
      source: 'learned',
      scope: 'global',
      confidence: 0.6,
    });
    const [request] = requests;
    expect(request?.tools).toEqual([]);
    expect(request?.messages[0]).toEqual({ role: 'system', text: LEARN_PROMPT });
    const data = JSON.parse(
      (request?.messages[1] as unknown as { content: { text: string }[] }).content[0]!.text,
    );
    expect(data).toEqual({
      latestUserText: 'Please answer in German from now on',
      finalAnswer: 'Gern.',
      currentMemory: ['I prefer metric units'],
      mode: 'ask',
    });
  });

  it('retries a failure once, then gives up quietly', async () => {
    const failing = async function* (): AsyncIterable<StreamPart> {
      yield { type: 'error', code: 'PROVIDER_HTTP_ERROR', message: 'busy' };
    };
    const retried = await setup([failing, [text(PROPOSAL), finish()]]);
    retried.learn(retried.input);
    await until(() => retried.map.records.size === 2);
    expect(retried.calls()).toBe(2);
    const broken = await setup([failing]);
    broken.learn(broken.input);
    await until(() => broken.calls() === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(broken.calls()).toBe(2);
    expect(broken.map.records.size).toBe(1);
  });

  it('asks nothing while auto-learn is off', async () => {
    const { map, learn, input, calls } = await setup([[text(PROPOSAL), finish()]], false);
    learn(input);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls()).toBe(0);
    expect(map.records.size).toBe(1);
  });
});
