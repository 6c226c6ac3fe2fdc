import { describe, expect, it } from 'vitest';
import { MAX_FORMAT_FIELDS, MAX_TYPED_FORMAT_CHARS, parseResultFormat } from './parse-format';

const schemaOf = (typed: string) => {
  const parsed = parseResultFormat(typed);
  if (!parsed.ok) throw new Error(parsed.message);
  return { label: parsed.format.label, schema: JSON.parse(parsed.format.schema) as unknown };
};

describe('parseResultFormat', () => {
  it('turns a field list into a closed object, optional fields and lists included', () => {
    const { label, schema } = schemaOf(
      'name, price:number, inStock: boolean, tags:string[], note?',
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        price: { type: 'number' },
        inStock: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: 'string' },
      },
      required: ['name', 'price', 'inStock', 'tags'],
      additionalProperties: false,
    });
    expect(label).toBe('{name, price: number, inStock: boolean, tags: string[], note?}');
  });

  it('reads a field list in brackets as a bounded list of such objects', () => {
    const { label, schema } = schemaOf('[title, year:integer]');
    expect(schema).toMatchObject({
      type: 'array',
      maxItems: 1000,
      items: { type: 'object', required: ['title', 'year'] },
    });
    expect(label).toBe('a list of {title, year: integer}');
  });

  it('keeps a JSON Schema as typed and labels it by its title or its properties', () => {
    const typed = '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}}}';
    expect(schemaOf(typed)).toEqual({ label: '{a, b}', schema: JSON.parse(typed) });
    expect(schemaOf('{"title":"Flights","type":"array"}').label).toBe('Flights');
  });

  it('refuses what a person can get wrong, in words', () => {
    const refused = (typed: string) => {
      const parsed = parseResultFormat(typed);
      return parsed.ok ? null : parsed.message;
    };
    expect(refused('')).toMatch(/what the data should hold/);
    expect(refused('price:money')).toMatch(/not a type/);
    expect(refused('name, name')).toMatch(/named twice/);
    expect(refused('[name, price')).toMatch(/closes with \]/);
    expect(refused('1abc')).toMatch(/not a field name/);
    expect(refused('{"type": "object",')).toMatch(/not valid JSON/);
    expect(refused('{"type": "thing"}')).toMatch(/"type" must be/);
    expect(refused('x'.repeat(MAX_TYPED_FORMAT_CHARS + 1))).toMatch(/at most 4,000/);
    const many = Array.from({ length: MAX_FORMAT_FIELDS + 1 }, (_, i) => `f${i}`).join(',');
    expect(refused(many)).toMatch(/at most 40 fields/);
    let deep = '{"type":"string"}';
    for (let i = 0; i < 20; i += 1) deep = `{"type":"array","items":${deep}}`;
    expect(refused(deep)).toMatch(/nests deeper/);
  });
});
