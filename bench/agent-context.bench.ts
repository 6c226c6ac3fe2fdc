// Agent context figure (issue 4): building the provider conversation for a
// 200-turn chat (100 exchanges with file identities, selections and tool records),
// with and without compaction. Prints `name: value unit`; never fails on time.
import type { AssistantTurn, ChatTurn, UserTurn } from '../src/shared/protocol/chat-records';
import { buildContext, type ContextInput } from '../src/worker/agent/context-builder';

const RUNS = 21;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function measure(run: () => void): number {
  for (let warm = 0; warm < 3; warm += 1) run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

const turns: ChatTurn[] = [];
for (let index = 0; index < 100; index += 1) {
  const user: UserTurn = {
    id: `u${index}`,
    role: 'user',
    createdAt: index,
    text: `Please improve section ${index}. ${'Some context words. '.repeat(20)}`,
    file: {
      projectLabel: 'Thesis',
      path: `chapters/ch${index % 7}.typ`,
      source: 'header_breadcrumb',
    },
    attachments:
      index % 5 === 0
        ? [
            {
              kind: 'selection',
              text: '= Heading\n'.repeat(50),
              fileLabel: `chapters/ch${index % 7}.typ`,
            },
          ]
        : [],
  };
  const assistant: AssistantTurn = {
    id: `a${index}`,
    role: 'assistant',
    createdAt: index,
    runId: `r${index}`,
    status: 'complete',
    segments: [
      { kind: 'reasoning', text: 'thinking '.repeat(100) },
      { kind: 'text', text: 'I read the section and changed two lines. '.repeat(10) },
      {
        kind: 'tools',
        calls: [
          {
            callId: `c${index}a`,
            name: 'read_document',
            argumentsPreview: '{"from_line":1,"to_line":80}',
            argumentsChars: 28,
            status: 'done',
            summary: 'Read lines 1-80 of 240',
          },
          {
            callId: `c${index}b`,
            name: 'replace_lines',
            argumentsPreview: '{"start_line":12,"end_line":13,"content":"..."}',
            argumentsChars: 300,
            status: 'done',
            summary: 'Replaced lines 12-13',
          },
        ],
      },
    ],
  };
  turns.push(user, assistant);
}
turns.push({
  id: 'now',
  role: 'user',
  createdAt: 1_000,
  text: 'And the conclusion?',
  file: null,
  attachments: [],
});

const base: ContextInput = {
  sitePrompt: 'You are a careful co-author.',
  selectionLanguage: 'typst',
  customSystemPrompt: '',
  turns,
  attachments: [],
  runFile: null,
  supportsVision: false,
  contextWindow: 1_000_000,
  historyTurnLimit: 400,
  toolTokens: 2_000,
};

let messages = 0;
const fullMs = measure(() => {
  messages = buildContext(base).messages.length;
});
let compacted = 0;
const compactMs = measure(() => {
  compacted = buildContext({ ...base, contextWindow: 32_000 }).compactedExchanges;
});
console.log(
  `agent context build, 201-turn chat, no compaction (${messages} messages): ${fullMs.toFixed(2)} ms`,
);
console.log(
  `agent context build, 201-turn chat, compacted to 32k window (${compacted} exchanges summarized): ${compactMs.toFixed(2)} ms`,
);
