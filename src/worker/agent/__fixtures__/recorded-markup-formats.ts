// Recorded replies whose calls sit in tags or special tokens: GLM-4.5
// `<arg_key>` pairs, Qwen3-Coder `<parameter=…>`, Kimi K2's tool-call section,
// gpt-oss harmony messages and DeepSeek V3 blocks.
import type { ExpectedCall, RecordedSample } from './recorded-sample';

const vllm = (family: string, file: string) => ({
  family,
  source: `vLLM tests/tool_parsers/${file}`,
  licence: 'Apache-2.0',
});
const GLM = vllm('GLM-4.5', 'test_glm4_moe_tool_parser.py');
const QWEN_CODER = vllm('Qwen3-Coder', 'test_qwen3coder_tool_parser.py');
const KIMI = {
  ...vllm('Kimi K2', 'test_kimi_k2_tool_parser.py'),
  note: "assembled with the test's own _wrap and _tool helpers, as the test does",
};
const DEEPSEEK = vllm('DeepSeek V3', 'test_deepseekv3_tool_parser.py');
const DEEPSEEK_31 = vllm('DeepSeek V3.1', 'test_deepseekv31_tool_parser.py');
const HARMONY = {
  family: 'gpt-oss (harmony)',
  source:
    'OpenAI cookbook "openai-harmony" article, as quoted in g0t4/ask-openai.nvim lua/ask-openai/backends/models/gptoss/parse_tests.lua',
  licence: 'MIT (openai-cookbook)',
};

const weather = (city: string, state: string, unit: string): ExpectedCall => ({
  name: 'get_current_weather',
  arguments: { city, state, unit },
});
const glmCall = (city: string, state: string, unit: string) =>
  `<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>${city}</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>${state}</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>${unit}</arg_value>\n    </tool_call>`;
const coderCall = (city: string, state: string, unit: string) =>
  `<tool_call>\n<function=get_current_weather>\n<parameter=city>\n${city}\n</parameter>\n<parameter=state>\n${state}\n</parameter>\n<parameter=unit>\n${unit}\n</parameter>\n</function>\n</tool_call>`;
const kimi = (...calls: string[]) =>
  `<|tool_calls_section_begin|>${calls.map((call) => `<|tool_call_begin|>${call}<|tool_call_end|>`).join('')}<|tool_calls_section_end|>`;
const kimiCall = (id: string, args: string) => `${id} <|tool_call_argument_begin|>${args}`;

export const MARKUP_FORMAT_SAMPLES: readonly RecordedSample[] = [
  {
    ...GLM,
    reply: glmCall('Dallas', 'TX', 'fahrenheit'),
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
  },
  {
    ...GLM,
    reply: `${glmCall('Dallas', 'TX', 'fahrenheit')}\n    ${glmCall('Orlando', 'FL', 'fahrenheit')}`,
    calls: [weather('Dallas', 'TX', 'fahrenheit'), weather('Orlando', 'FL', 'fahrenheit')],
  },
  {
    ...GLM,
    reply: `I'll help you check the weather. ${glmCall('Seattle', 'WA', 'celsius')}`,
    calls: [weather('Seattle', 'WA', 'celsius')],
    rest: "I'll help you check the weather.",
  },
  {
    ...GLM,
    reply:
      '<think>I want to get the weather.</think>\n\nI will help you get the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>',
    calls: [{ name: 'get_weather', arguments: { city: 'Beijing', date: '2025-08-01' } }],
    rest: 'I will help you get the weather.',
  },
  {
    ...GLM,
    reply: '<tool_call>get_current_time\n</tool_call>',
    calls: [{ name: 'get_current_time', arguments: {} }],
  },
  {
    ...GLM,
    reply:
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Seattle</arg_value>\n<arg_key>incomplete_arg\n<arg_value>value</arg_value>\n</tool_call>',
    calls: null,
    note: 'a key tag left open',
  },
  {
    ...GLM,
    reply:
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>',
    calls: null,
    note: 'cut off before </tool_call>',
  },
  {
    ...QWEN_CODER,
    reply: coderCall('Dallas', 'TX', 'fahrenheit'),
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
  },
  {
    ...QWEN_CODER,
    reply: `Sure! Let me check the weather for you.${coderCall('Dallas', 'TX', 'fahrenheit')}`,
    calls: [weather('Dallas', 'TX', 'fahrenheit')],
    rest: 'Sure! Let me check the weather for you.',
  },
  {
    ...QWEN_CODER,
    reply:
      '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>',
    calls: [
      {
        name: 'calculate_area',
        arguments: { shape: 'rectangle', dimensions: { width: 10, height: 20 }, precision: 2 },
      },
    ],
  },
  {
    ...QWEN_CODER,
    reply: `${coderCall('Dallas', 'TX', 'fahrenheit')}\n${coderCall('Orlando', 'FL', 'fahrenheit')}`,
    calls: [weather('Dallas', 'TX', 'fahrenheit'), weather('Orlando', 'FL', 'fahrenheit')],
  },
  {
    ...QWEN_CODER,
    reply:
      '<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>',
    calls: [{ name: 'get_current_weather', arguments: { city: 'Dallas', state: 'TX' } }],
  },
  {
    ...KIMI,
    reply: `I'll check. ${kimi(kimiCall('functions.get_weather:0', '{"city": "Beijing"}'))}`,
    calls: [{ name: 'get_weather', arguments: { city: 'Beijing' } }],
    rest: "I'll check.",
  },
  {
    ...KIMI,
    reply: `Compare weather. ${kimi(kimiCall('functions.get_weather:0', '{"city": "Beijing"}'), kimiCall('functions.get_weather:1', '{"city": "Shanghai"}'))}`,
    calls: [
      { name: 'get_weather', arguments: { city: 'Beijing' } },
      { name: 'get_weather', arguments: { city: 'Shanghai' } },
    ],
    rest: 'Compare weather.',
  },
  {
    ...KIMI,
    reply: `No prefix. ${kimi(kimiCall('get_weather:0', '{"city": "Tokyo"}'))}`,
    calls: [{ name: 'get_weather', arguments: { city: 'Tokyo' } }],
    rest: 'No prefix.',
  },
  {
    ...KIMI,
    reply: `Let me check. ${kimi(kimiCall('0', '{"city": "Tokyo", "unit": "celsius"}'))}`,
    calls: null,
    note: 'a bare counter names no tool; vLLM guesses one from the arguments, we do not',
  },
  {
    ...KIMI,
    reply: `Help. ${kimi(kimiCall('functions.get_weather:0', '{"city": "Beijing"'), kimiCall('functions.get_weather:1', '{"city": "Shanghai"}'))}`,
    calls: null,
    note: 'one of the two calls has broken JSON (the test names its tools bad and good; renamed to get_weather)',
  },
  {
    ...HARMONY,
    reply:
      '<|channel|>analysis<|message|>Need to use function get_current_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>',
    calls: null,
    note: "the assistant's part of the guide's conversation; its get_current_weather takes a location, which our recorded get_current_weather refuses",
  },
  {
    ...HARMONY,
    reply:
      '<|channel|>analysis<|message|>{long chain of thought}<|end|><|start|>assistant<|channel|>commentary<|message|>**Action plan**:\n1. Generate an HTML file\n2. Generate a JavaScript for the Node.js server\n3. Start the server\n---\nWill start executing the plan step by step<|end|><|start|>assistant<|channel|>commentary to=functions.generate_file<|constrain|>json<|message|>{"template": "basic_html", "path": "index.html"}<|call|>',
    calls: [{ name: 'generate_file', arguments: { template: 'basic_html', path: 'index.html' } }],
    rest: '**Action plan**:\n1. Generate an HTML file\n2. Generate a JavaScript for the Node.js server\n3. Start the server\n---\nWill start executing the plan step by step',
  },
  {
    ...DEEPSEEK,
    reply:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'get_weather', arguments: { city: 'Tokyo', unit: 'celsius' } }],
  },
  {
    ...DEEPSEEK,
    reply:
      'Let me check the weather for you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    rest: 'Let me check the weather for you.',
  },
  {
    ...DEEPSEEK,
    reply:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo"\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: null,
    note: 'broken JSON in the block',
  },
  {
    ...DEEPSEEK_31,
    reply:
      'normal text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'foo', arguments: { x: 1 } }],
    rest: 'normal text',
  },
  {
    ...DEEPSEEK_31,
    reply:
      'some prefix text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁call▁begin｜>bar<｜tool▁sep｜>{"y":2}<｜tool▁call▁end｜><｜tool▁calls▁end｜> some suffix text',
    calls: [
      { name: 'foo', arguments: { x: 1 } },
      { name: 'bar', arguments: { y: 2 } },
    ],
    rest: 'some prefix text some suffix text',
  },
  {
    ...DEEPSEEK_31,
    reply: 'Let me look that up.<｜tool▁calls▁begin｜>get_weather',
    calls: null,
    note: 'cut off inside the block',
  },
  {
    ...DEEPSEEK_31,
    reply: '<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁calls▁end｜>',
    calls: null,
    note: 'the outer markers without a call block',
  },
];
