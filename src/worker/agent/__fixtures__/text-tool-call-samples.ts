// Hand-written replies for the cases the recorded corpus
// (`recorded-tool-call-outputs.ts`) has no sample of: our own tool names, Mistral's
// `[ARGS]` form, a call quoted in a fenced block, and Python-style arguments that
// are not plain literals. Written to each family's published chat template.

export const TOOLS = [
  {
    name: 'click',
    description: 'Click an element by ref.',
    inputSchema: {
      type: 'object',
      properties: { ref: { type: 'string', maxLength: 20 } },
      required: ['ref'],
      additionalProperties: false,
    },
  },
  {
    name: 'type',
    description: 'Type text.',
    inputSchema: {
      type: 'object',
      properties: { ref: { type: 'string' }, text: { type: 'string' } },
      required: ['ref', 'text'],
      additionalProperties: false,
    },
  },
] as const;

/** Replies that are calls: the calls expected, by name and arguments. */
export const CALL_REPLIES: readonly {
  readonly family: string;
  readonly reply: string;
  readonly calls: readonly { name: string; arguments: Record<string, unknown> }[];
  readonly rest?: string;
}[] = [
  {
    family: 'Qwen 2.5 / Hermes',
    reply: '<tool_call>\n{"name": "click", "arguments": {"ref": "e12"}}\n</tool_call>',
    calls: [{ name: 'click', arguments: { ref: 'e12' } }],
  },
  {
    family: 'Qwen 3 with prose and two calls',
    reply:
      'I will fill the search box and submit it.\n<tool_call>\n{"name": "type", "arguments": {"ref": "e4", "text": "red shirt"}}\n</tool_call>\n<tool_call>\n{"name": "click", "arguments": {"ref": "e5"}}\n</tool_call>',
    calls: [
      { name: 'type', arguments: { ref: 'e4', text: 'red shirt' } },
      { name: 'click', arguments: { ref: 'e5' } },
    ],
    rest: 'I will fill the search box and submit it.',
  },
  {
    family: 'Mistral / Mixtral',
    reply: '[TOOL_CALLS] [{"name": "click", "arguments": {"ref": "e7"}}]',
    calls: [{ name: 'click', arguments: { ref: 'e7' } }],
  },
  {
    family: 'Llama 3.1 (function tag)',
    reply: '<function=click>{"ref": "e3"}</function>',
    calls: [{ name: 'click', arguments: { ref: 'e3' } }],
  },
  {
    family: 'Llama 3.1 (python tag)',
    reply: '<|python_tag|>{"name": "click", "parameters": {"ref": "e9"}}<|eom_id|>',
    calls: [{ name: 'click', arguments: { ref: 'e9' } }],
  },
  {
    family: 'Llama 3.2 (bare JSON)',
    reply: '{"name": "click", "parameters": {"ref": "e2"}}',
    calls: [{ name: 'click', arguments: { ref: 'e2' } }],
  },
  {
    family: 'DeepSeek V3',
    reply:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>click\n```json\n{"ref": "e11"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'click', arguments: { ref: 'e11' } }],
  },
  {
    family: 'Gemma / Phi (fenced JSON)',
    reply: '```json\n{"name": "click", "arguments": {"ref": "e15"}}\n```',
    calls: [{ name: 'click', arguments: { ref: 'e15' } }],
  },
  {
    family: 'Mistral v13 ([ARGS])',
    reply: 'I will open it.[TOOL_CALLS]click[ARGS]{"ref": "e8"}',
    calls: [{ name: 'click', arguments: { ref: 'e8' } }],
    rest: 'I will open it.',
  },
  {
    family: 'Llama 4 pythonic with a trailing comma',
    reply: "[type(ref='e4', text='red shirt',), click(ref='e5'),]",
    calls: [
      { name: 'type', arguments: { ref: 'e4', text: 'red shirt' } },
      { name: 'click', arguments: { ref: 'e5' } },
    ],
  },
  {
    family: 'a reply that is one fenced block holding a tagged call',
    reply: '```xml\n<tool_call>{"name": "click", "arguments": {"ref": "e3"}}</tool_call>\n```',
    calls: [{ name: 'click', arguments: { ref: 'e3' } }],
  },
  {
    family: 'OpenAI-style object written as text',
    reply:
      '{"type": "function", "function": {"name": "click", "arguments": "{\\"ref\\": \\"e6\\"}"}}',
    calls: [{ name: 'click', arguments: { ref: 'e6' } }],
  },
];

/** Replies that must stay text. */
export const TEXT_REPLIES: readonly { readonly why: string; readonly reply: string }[] = [
  { why: 'plain prose', reply: 'The cheapest red shirt costs $12.' },
  {
    why: 'a tool this run does not offer',
    reply: '<tool_call>\n{"name": "execute_js", "arguments": {"code": "alert(1)"}}\n</tool_call>',
  },
  {
    why: 'arguments that do not validate',
    reply: '<tool_call>\n{"name": "click", "arguments": {"ref": 12, "force": true}}\n</tool_call>',
  },
  {
    why: 'one valid call beside one to an unknown tool',
    reply:
      '<tool_call>{"name": "click", "arguments": {"ref": "e1"}}</tool_call><tool_call>{"name": "delete_account", "arguments": {}}</tool_call>',
  },
  { why: 'JSON data that is an answer', reply: '{"price": 12, "currency": "USD"}' },
  {
    why: 'broken JSON in a call block',
    reply: '<tool_call>{"name": "click", "arguments": {"ref": </tool_call>',
  },
  {
    why: 'prose that shows a call as an example',
    reply:
      'You could call it like this: {"name": "click", "arguments": {"ref": "e1"}} if you want.',
  },
  {
    why: 'a fenced code block of another language',
    reply: '```js\ndocument.querySelector("button").click()\n```',
  },
  {
    why: 'a tagged call quoted in a fenced block among prose',
    reply:
      'A call looks like this:\n```\n<tool_call>{"name": "click", "arguments": {"ref": "e1"}}</tool_call>\n```\nSend it when ready.',
  },
  { why: 'a Python argument that is a variable', reply: '[click(ref=target)]' },
  { why: 'a Python argument given twice', reply: "[click(ref='e1', ref='e2')]" },
  { why: 'a Python call outside a list', reply: "click(ref='e1')" },
  {
    why: 'a call inside the reasoning only',
    reply:
      '<think><tool_call>{"name": "click", "arguments": {"ref": "e1"}}</tool_call></think>No click needed.',
  },
  {
    why: 'more calls than one reply may carry',
    reply: Array.from(
      { length: 9 },
      (_, index) =>
        `<tool_call>{"name": "click", "arguments": {"ref": "e${index + 1}"}}</tool_call>`,
    ).join(''),
  },
];
