// Recorded replies whose calls are JSON: Mistral `[TOOL_CALLS]`, Llama 3.2 bare
// JSON, Granite `<|tool_call|>`, Phi-4-mini `functools[…]`, xLAM lists and
// Hermes / Qwen `<tool_call>` blocks.
import type { ExpectedCall, RecordedSample } from './recorded-sample';

const vllm = (file: string) => ({
  source: `vLLM tests/tool_parsers/${file}`,
  licence: 'Apache-2.0',
});

const weather = (city: string, state: string, unit: string): ExpectedCall => ({
  name: 'get_current_weather',
  arguments: { city, state, unit },
});
const add = (a: number, b: number): ExpectedCall => ({ name: 'add', arguments: { a, b } });
const tokyo: ExpectedCall = { name: 'get_weather', arguments: { city: 'Tokyo' } };
const tokyoTime: ExpectedCall = { name: 'get_time', arguments: { timezone: 'Asia/Tokyo' } };

const MISTRAL = { family: 'Mistral', ...vllm('test_mistral_tool_parser.py') };
const LLAMA_JSON = { family: 'Llama 3.2 (JSON)', ...vllm('test_llama3_json_tool_parser.py') };
const GRANITE = { family: 'Granite 3', ...vllm('test_granite_tool_parser.py') };
const PHI = { family: 'Phi-4-mini', ...vllm('test_phi4mini_tool_parser.py') };
const XLAM = { family: 'xLAM', ...vllm('test_xlam_tool_parser.py') };
const HERMES = { family: 'Hermes / Qwen 3', ...vllm('test_hermes_tool_parser.py') };

export const JSON_FORMAT_SAMPLES: readonly RecordedSample[] = [
  {
    ...MISTRAL,
    reply: '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]',
    calls: [add(3.5, 4)],
  },
  {
    ...MISTRAL,
    reply:
      '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
    calls: [weather('San Francisco', 'CA', 'celsius')],
  },
  {
    ...MISTRAL,
    reply:
      '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    calls: [add(3.5, 4), weather('San Francisco', 'CA', 'celsius')],
  },
  {
    ...MISTRAL,
    reply: 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]',
    calls: [add(1, 2)],
    rest: 'Hello',
  },
  {
    ...MISTRAL,
    reply:
      '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data',
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
    rest: 'extra trailing data',
  },
  {
    ...MISTRAL,
    reply: '[TOOL_CALLS]  [ {"name":"add" , "arguments" : {"a": 3, "b": 4} } ]',
    calls: [add(3, 4)],
  },
  {
    ...MISTRAL,
    family: 'Mistral (v11 tokenizer)',
    reply:
      '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}',
    calls: [weather('San Francisco', 'CA', 'celsius')],
  },
  {
    ...MISTRAL,
    family: 'Mistral (v11 tokenizer)',
    reply: '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}',
    calls: null,
    note: 'the second call names a tool the run does not offer (multiply)',
  },
  {
    ...MISTRAL,
    reply: '[TOOL_CALLS] [{"name": "add", "arguments":{"a": "3", "b": "4"}}]',
    calls: null,
    note: 'the numbers are strings, which the add schema refuses',
  },
  { ...MISTRAL, reply: '[TOOL_CALLS] not json at all', calls: null, note: 'no call after it' },
  {
    ...MISTRAL,
    family: 'Mistral (v11 tokenizer)',
    reply: '[TOOL_CALLS]toolname_no_args',
    calls: null,
    note: 'a name without arguments (and a tool the run does not offer)',
  },
  {
    ...LLAMA_JSON,
    reply: '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}',
    calls: [{ name: 'searchTool', arguments: { query: 'test query', limit: 10 } }],
  },
  {
    ...LLAMA_JSON,
    reply:
      '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}',
    calls: [
      { name: 'searchTool', arguments: { query: 'test1' } },
      { name: 'getOpenIncidentsTool', arguments: {} },
      { name: 'searchTool', arguments: { query: 'test2' } },
    ],
  },
  {
    ...LLAMA_JSON,
    reply:
      'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?',
    calls: null,
    note: 'a call quoted inside prose is the model talking about a call (vLLM runs it)',
  },
  {
    ...LLAMA_JSON,
    reply: '{"name": "invalidTool", "parameters": {invalid json}',
    calls: null,
    note: 'broken JSON',
  },
  {
    ...LLAMA_JSON,
    reply: '{"name": "toolWithoutParams"}',
    calls: null,
    note: 'an object with a name but no arguments is data, not a call',
  },
  {
    ...GRANITE,
    reply: '<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [tokyo],
  },
  {
    ...GRANITE,
    reply:
      '<|tool_call|> [\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    calls: [tokyo, tokyoTime],
  },
  {
    ...GRANITE,
    reply:
      'Let me check the weather for you.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nI\'ll get that information.',
    calls: [tokyo],
    rest: "Let me check the weather for you.\n\nI'll get that information.",
  },
  {
    ...GRANITE,
    family: 'Granite 3.1',
    reply: '<tool_call> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [tokyo],
  },
  {
    ...GRANITE,
    reply: '<|tool_call|> [{"name": "func", "arguments": {',
    calls: null,
    note: 'cut off in the middle of the call',
  },
  {
    ...PHI,
    reply: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [tokyo],
  },
  {
    ...PHI,
    reply:
      'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    calls: [tokyo, tokyoTime],
  },
  {
    ...PHI,
    reply: 'functools[{"name": "func", "arguments": "not a dict"}]',
    calls: null,
    note: 'arguments that are a plain string',
  },
  {
    ...PHI,
    reply: 'functools[] This is just text',
    calls: null,
    note: 'an empty call list',
  },
  {
    ...XLAM,
    reply:
      '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]',
    calls: [weather('Dallas', 'TX', 'fahrenheit'), weather('Orlando', 'FL', 'fahrenheit')],
  },
  {
    ...XLAM,
    reply:
      '<think>I\'ll help you with that.</think>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]',
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
  },
  {
    ...XLAM,
    reply:
      '```json\n[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\n```',
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
  },
  {
    ...XLAM,
    reply:
      'I\'ll help you with that.\n```json\n[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\n```',
    calls: null,
    note: 'a fenced block after prose reads as an example (xLAM runs it)',
  },
  {
    ...XLAM,
    reply:
      'I\'ll help you check the weather.<tool_call>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]</tool_call>',
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
    rest: "I'll help you check the weather.",
  },
  {
    ...HERMES,
    reply: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>',
    calls: [{ name: 'final_answer', arguments: { trigger: true } }],
  },
  {
    ...HERMES,
    reply:
      '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
    calls: [
      { name: 'search', arguments: { q: 'cats' } },
      { name: 'search', arguments: { q: 'dogs' } },
    ],
  },
  {
    ...HERMES,
    reply:
      '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
    calls: [{ name: 'get_db_config', arguments: { param: 'max_connections' } }],
  },
  {
    ...HERMES,
    reply: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}',
    calls: null,
    note: 'cut off before the closing brace',
  },
  {
    ...HERMES,
    reply: '<tool_call>\n{"name": "do_thing", "arguments": "hello"}\n</tool_call>',
    calls: null,
    note: 'arguments that are a plain string (and a tool the run does not offer)',
  },
];
