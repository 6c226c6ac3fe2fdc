// Raw replies people pasted into issue threads when a server passed a model's
// tool call (or what looked like one) through as text. Issue text is quoted here
// as test data only.
import type { RecordedSample } from './recorded-sample';

const ISSUE_TEXT = 'GitHub issue text, quoted as test data';

export const ISSUE_REPLY_SAMPLES: readonly RecordedSample[] = [
  {
    family: 'Granite 3.1 dense (through Ollama)',
    source: 'nugget/thane-ai-agent pull request #21 (the reply the model gave)',
    licence: ISSUE_TEXT,
    reply: '{"name": "get_state", "arguments": {"entity_id": "sun.sun"}}',
    calls: [{ name: 'get_state', arguments: { entity_id: 'sun.sun' } }],
  },
  {
    family: 'Qwen3.5 (through LM Studio)',
    source: 'lmstudio-ai/lmstudio-bug-tracker issue #1589',
    licence: ISSUE_TEXT,
    reply:
      '<think>Step-by-step reasoning about current weather...</think>\n{"queries":["Current weather in europe"]}',
    calls: null,
    note: 'JSON data after reasoning names no tool',
  },
  {
    family: 'Qwen3-Coder',
    source: 'signalnine/q27 issue #24 (a reply a server passed through as text)',
    licence: ISSUE_TEXT,
    reply:
      '<name>task\n</parameter>\n<parameter=description>\nAdd timestamp comment to hello.py\n</parameter>\n<parameter=prompt>\n...\n</parameter>\n<parameter=subagent_type>\ngeneral\n</parameter>\n</function>',
    calls: null,
    note: 'the opening of the call is garbled',
  },
];
