// Model replies that carry tool calls as text, recorded by public projects (the
// tool-call parser tests of vLLM and llama.cpp, the OpenAI harmony guide, and
// issue threads where someone pasted a model's raw reply). Each sample keeps the
// raw text exactly as recorded, with its model family and where it was recorded;
// a note says when anything was changed. The tools below are the ones those
// recordings offered (declared with the arguments their samples use), beside our
// own `click` and `type`, so the raw text never has to be rewritten to fit.
import { ISSUE_REPLY_SAMPLES } from './recorded-issue-replies';
import { JSON_FORMAT_SAMPLES } from './recorded-json-formats';
import { MARKUP_FORMAT_SAMPLES } from './recorded-markup-formats';
import { PYTHONIC_FORMAT_SAMPLES } from './recorded-pythonic-formats';
import type { RecordedSample } from './recorded-sample';

const object = (
  properties: Record<string, unknown>,
  required: readonly string[] = [],
): Record<string, unknown> => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const text = { type: 'string' };
const number = { type: 'number' };

const tool = (name: string, inputSchema: Record<string, unknown>) => ({
  name,
  description: `${name} (from the recordings)`,
  inputSchema,
});

export const RECORDED_TOOLS = [
  tool('click', object({ ref: { type: 'string', maxLength: 20 } }, ['ref'])),
  tool('type', object({ ref: text, text }, ['ref', 'text'])),
  tool(
    'get_current_weather',
    object({ city: text, state: text, unit: { type: 'string', enum: ['fahrenheit', 'celsius'] } }, [
      'city',
      'state',
    ]),
  ),
  tool('get_weather', object({ city: text, metric: text, unit: text, date: text }, ['city'])),
  tool('get_time', object({ timezone: text, city: text })),
  tool('get_current_time', object({})),
  tool('add', object({ a: number, b: number }, ['a', 'b'])),
  tool('toggle', object({ enabled: { type: 'boolean' } }, ['enabled'])),
  tool('final_answer', object({ trigger: { type: 'boolean' } }, ['trigger'])),
  tool('get_db_config', object({ param: text }, ['param'])),
  tool('get_current_temperature', object({ location: text, unit: text }, ['location'])),
  tool('search', object({ q: text }, ['q'])),
  tool('searchTool', object({ query: text, limit: { type: 'integer' } }, ['query'])),
  tool('getOpenIncidentsTool', object({})),
  tool(
    'calculate_area',
    object({ shape: text, dimensions: { type: 'object' }, precision: { type: 'integer' } }),
  ),
  tool(
    'register_user',
    object(
      {
        name: text,
        age: { type: 'integer' },
        address: { type: 'object' },
        role: { type: ['string', 'null'] },
        passed_test: { type: 'boolean' },
        aliases: { type: 'array', items: text },
      },
      ['name'],
    ),
  ),
  tool('get_state', object({ entity_id: text }, ['entity_id'])),
  tool('foo', object({ x: { type: 'integer' } }, ['x'])),
  tool('bar', object({ y: { type: 'integer' } }, ['y'])),
  tool('generate_file', object({ template: text, path: text }, ['path'])),
];

export const RECORDED_SAMPLES: readonly RecordedSample[] = [
  ...JSON_FORMAT_SAMPLES,
  ...PYTHONIC_FORMAT_SAMPLES,
  ...MARKUP_FORMAT_SAMPLES,
  ...ISSUE_REPLY_SAMPLES,
];
