// Recorded replies whose calls are Python-style lists: Llama 4 (bare or between
// `<|python_start|>` and `<|python_end|>`) and Liquid LFM2 (between
// `<|tool_call_start|>` and `<|tool_call_end|>`).
import type { ExpectedCall, RecordedSample } from './recorded-sample';

const LLAMA4 = {
  family: 'Llama 4 (pythonic)',
  source: 'vLLM tests/tool_parsers/test_llama4_pythonic_tool_parser.py',
  licence: 'Apache-2.0',
};
const LFM2 = {
  family: 'Liquid LFM2',
  source: 'llama.cpp tests/test-chat.cpp (test_lfm2_parser), as carried by its forks',
  licence: 'MIT',
};

const la: ExpectedCall = { name: 'get_weather', arguments: { city: 'LA', metric: 'C' } };
const doe: ExpectedCall = { name: 'register_user', arguments: { name: 'Doe', age: 9 } };

export const PYTHONIC_FORMAT_SAMPLES: readonly RecordedSample[] = [
  { ...LLAMA4, reply: "[get_weather(city='LA', metric='C')]", calls: [la] },
  {
    ...LLAMA4,
    reply:
      "[register_user(name='Doe', age=9, address={'city': 'LA', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
    calls: [
      {
        name: 'register_user',
        arguments: {
          name: 'Doe',
          age: 9,
          address: { city: 'LA', state: 'CA' },
          role: null,
          passed_test: true,
          aliases: ['John', 'Johnny'],
        },
      },
    ],
  },
  {
    ...LLAMA4,
    reply: String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`,
    calls: [
      { name: 'get_weather', arguments: { city: "Martha's Vineyard", metric: '"cool units"' } },
    ],
  },
  {
    ...LLAMA4,
    reply: "[get_weather(city='LA',metric='C'),register_user(name='Doe',age=9)]",
    calls: [la, doe],
  },
  {
    ...LLAMA4,
    reply: "<|python_start|>[get_weather(city='LA', metric='C')]<|python_end|>",
    calls: [la],
  },
  {
    ...LLAMA4,
    reply: "<|python_start|>[get_weather(city='LA', metric='C'), register_user(name='Doe', age=9)]",
    calls: [la, doe],
  },
  {
    ...LLAMA4,
    reply: '[get_weather()]',
    calls: null,
    note: 'the required city is missing',
  },
  {
    ...LLAMA4,
    reply: "<|python_start|>[bad(x=b'z'), get_weather(city='LA', metric='C')]<|python_end|>",
    calls: null,
    note: 'a bytes literal is not a plain literal, so the whole list stays text (vLLM keeps the sibling)',
  },
  {
    ...LLAMA4,
    reply: "<|python_start|>[calc(x=1e999), get_weather(city='LA', metric='C')]<|python_end|>",
    calls: null,
    note: 'a number too large to be finite',
  },
  {
    ...LLAMA4,
    reply: '<|python_start|>[foo(x=1])]<|python_end|>',
    calls: null,
    note: 'brackets the model got wrong',
  },
  {
    ...LFM2,
    reply: '<|tool_call_start|>[get_time(city="XYZCITY")]<|tool_call_end|>',
    calls: [{ name: 'get_time', arguments: { city: 'XYZCITY' } }],
  },
  {
    ...LFM2,
    reply: '<|tool_call_start|>[toggle(enabled=True)]<|tool_call_end|>',
    calls: [{ name: 'toggle', arguments: { enabled: true } }],
  },
  {
    ...LFM2,
    reply: 'Let me check the time.<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>',
    calls: [{ name: 'get_time', arguments: { city: 'Paris' } }],
    rest: 'Let me check the time.',
  },
  {
    ...LFM2,
    reply: 'Use this format: [link text](url). Example: [Wikipedia](https://www.wikipedia.org).',
    calls: null,
    note: 'Markdown links are not calls',
  },
  {
    ...LFM2,
    reply: '<|tool_call_start|>[special_function(arg1=',
    calls: null,
    note: 'cut off in the middle of the call',
  },
];
