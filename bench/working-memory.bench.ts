// Working-memory figure: context size per step over a 60-step scripted long web task
// (Act, Full tier, a plan approved, a ledger of 30 items and a scratchpad kept as it
// goes). Each step is one model round: the request as the run loop builds it (the
// web system prompt, the task, the pinned plan and working memory, the rounds so
// far, trimmed by the in-run budget) plus the offered tool schemas. Prints the
// characters and estimated tokens sent per request at a 128k and a 16k context
// window, and the pinned notes' size. Prints `name: value unit`; never fails.
import type { RunPlan } from '../src/shared/protocol/run-plan';
import { sitePromptOf } from '../src/worker/sites/worker-site';
import { buildSystemPrompt } from '../src/worker/agent/system-prompt';
import { COMPACTION_RATIO } from '../src/worker/agent/run-limits';
import { fitRunMessages, tokensOfMessages, tokensOfText } from '../src/worker/agent/context-budget';
import { createRunWorkingMemory } from '../src/worker/agent/working-memory/run-working-memory';
import { createWorkingMemory } from '../src/worker/agent/working-memory/working-memory';
import { workingMemoryNote } from '../src/worker/agent/working-memory/working-memory-note';
import { createTurnRecorder } from '../src/worker/agent/turn-recorder';
import type { ModelMessage } from '../src/worker/providers/model-adapter';
import { convertOpenAiCompatibleTools } from '../src/worker/providers/openai-compatible/convert-openai-compatible-messages';
import { createRunTools } from '../src/worker/tools/run-tool-policy';
import { createToolRegistry } from '../src/worker/tools/tool-registry';
import { workerSite } from '../src/sites/web/worker/web.worker';

const STEPS = 60;
const ITEMS = 30;
const PLAN: RunPlan = {
  summary: 'Check each of the 30 open orders and note its total and state.',
  steps: ['List the orders in the ledger', 'Open each order and note total and state', 'Finish'],
  risks: ['Do not cancel or change any order'],
  remember: ['Totals are in EUR'],
  scheduling: { fits: false, note: '' },
};
// A page read as a tool result: a typical bounded tree of one order page.
const PAGE_RESULT = JSON.stringify({
  ok: true,
  result: {
    untrusted_page_content: {
      content: {
        tree: Array.from({ length: 60 }, (_, line) => `  text "Order line ${line}: item"`).join(
          '\n',
        ),
      },
    },
  },
});

function simulate(contextWindow: number) {
  const registry = createToolRegistry(workerSite.tools).forSite('web');
  const runTools = createRunTools(registry, { siteId: 'web', mode: 'act', tier: 'full' });
  const memory = createWorkingMemory();
  const recorder = createTurnRecorder({ id: 't', runId: 'r', createdAt: 0 });
  const events = { memory: () => undefined, notice: () => undefined };
  const run = createRunWorkingMemory({ memory, recorder, events: events as never }, runTools);
  const system = buildSystemPrompt(
    sitePromptOf(workerSite, { mode: 'act', tier: 'full' }),
    '',
    'act',
  );
  const messages: ModelMessage[] = [
    { role: 'system', text: system },
    {
      role: 'user',
      content: [{ type: 'text', text: 'Check every open order and note its total.' }],
    },
  ];
  memory.setPlan(PLAN);
  const first = messages.length;
  run.sync(messages, first);
  const toolTokens = tokensOfText(JSON.stringify(runTools.offered.modelTools()));
  const budget = Math.floor(contextWindow * COMPACTION_RATIO) - toolTokens;
  const sizes: { chars: number; tokens: number }[] = [];
  let pinnedPeak = 0;
  for (let step = 1; step <= STEPS; step += 1) {
    fitRunMessages(messages, first, budget);
    const tools = run.tools(step);
    const toolChars = JSON.stringify(convertOpenAiCompatibleTools(tools)).length;
    const chars = JSON.stringify(messages).length + toolChars;
    sizes.push({ chars, tokens: tokensOfMessages(messages) + Math.ceil(toolChars / 4) });
    // The scripted model: list the items, then read an item and record it, in turn.
    const item = Math.floor((step - 2) / 2);
    const [name, args, result] =
      step === 1
        ? ['progress_update', { rows: [] }, '{"ok":true}']
        : step % 2 === 0
          ? ['get_accessibility_tree', {}, PAGE_RESULT]
          : ['progress_update', { rows: [{ id: `O-${item}` }] }, '{"ok":true}'];
    if (step === 1)
      memory.updateRows(
        Array.from({ length: ITEMS }, (_, index) => ({
          id: `O-${index}`,
          status: 'pending' as const,
        })),
      );
    else if (step % 2 === 1 && item < ITEMS) {
      memory.updateRows([
        {
          id: `O-${item}`,
          status: 'processed',
          fields: [
            { name: 'total', value: `${10 + item} EUR` },
            { name: 'state', value: 'shipped' },
          ],
        },
      ]);
      if (item % 5 === 4)
        memory.writeScratchpad(`Checked up to O-${item}; all shipped so far.`, 'append');
    }
    const id = `c${step}`;
    messages.push(
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id, name, argumentsText: JSON.stringify(args) }],
      },
      { role: 'tool', callId: id, toolName: name, content: result },
    );
    run.sync(messages, first);
    pinnedPeak = Math.max(pinnedPeak, (workingMemoryNote(memory.snapshot()) ?? '').length);
  }
  return { sizes, pinned: (workingMemoryNote(memory.snapshot()) ?? '').length, pinnedPeak };
}

for (const window of [128_000, 16_000]) {
  const { sizes, pinned, pinnedPeak } = simulate(window);
  const label = `working memory ${window / 1000}k`;
  for (const step of [1, 10, 20, 30, 40, 50, 60]) {
    const size = sizes[step - 1];
    if (size) console.log(`${label} step ${step}: ${size.chars} chars, ~${size.tokens} tokens`);
  }
  const peak = sizes.reduce((most, size) => (size.tokens > most.tokens ? size : most));
  const mean = Math.round(sizes.reduce((sum, size) => sum + size.chars, 0) / sizes.length);
  console.log(`${label} peak request: ${peak.chars} chars, ~${peak.tokens} tokens`);
  console.log(`${label} mean request: ${mean} chars`);
  console.log(
    `${label} pinned working-memory note: peak ${pinnedPeak} chars, at the end ${pinned} chars (info)`,
  );
}
