import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/diff-oracle';
import { compileSubsetPlan } from './subset-plan';
import { runSubsetPlan } from './subset-validator';
import {
  compileArgumentValidator,
  validateParsedArguments,
  validateParsedArgumentsWithLibrary,
} from './validate-arguments';

type Json = unknown;

const KEYS = ['a', 'b', 'size', 'b c', 'd/e', 'f~g', '#h', 'é', 'x%23', '0', '~01'];
const STRINGS = ['', 'abc', 'ABC', 'ab', '🙂🙂', '12', 'é', 'a'.repeat(12)];
const NUMBERS = [-1, 0, 1, 2, 2.5, 3, 7, 100, -0.5];
const LITERALS: Json[] = [1, 'a', null, true, { a: 1, b: [1, 2] }, [1, 'a']];
const PATTERNS = ['^[a-z]+$', 'é', '^\\d{2}$', '🙂', '^$'];

class Generator {
  constructor(private readonly random: () => number) {}

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)] as T;
  }

  count(max: number): number {
    return Math.floor(this.random() * (max + 1));
  }

  schema(depth: number): Json {
    const kinds =
      depth >= 3
        ? ['string', 'number', 'integer', 'boolean', 'null', 'enum', 'const', true, false]
        : [
            'object',
            'object',
            'array',
            'string',
            'number',
            'integer',
            'boolean',
            'null',
            'enum',
            'const',
            'anyOf',
            'oneOf',
            'allOf',
            'untyped',
            true,
            false,
          ];
    const kind = this.pick(kinds);
    if (typeof kind === 'boolean') return kind;
    switch (kind) {
      case 'object':
        return this.objectSchema(depth);
      case 'array': {
        const node: Record<string, Json> = { type: 'array' };
        if (this.chance(0.8)) node['items'] = this.chance(0.1) ? false : this.schema(depth + 1);
        if (this.chance(0.3)) node['minItems'] = this.count(2);
        if (this.chance(0.3)) node['maxItems'] = 2 + this.count(2);
        return node;
      }
      case 'string': {
        const node: Record<string, Json> = { type: 'string' };
        if (this.chance(0.3)) node['minLength'] = this.count(3);
        if (this.chance(0.3)) node['maxLength'] = 3 + this.count(5);
        if (this.chance(0.3)) node['pattern'] = this.pick(PATTERNS);
        return node;
      }
      case 'number':
      case 'integer': {
        const node: Record<string, Json> = { type: kind };
        if (this.chance(0.4)) node['minimum'] = this.pick([0, 1, -1]);
        if (this.chance(0.4)) node['maximum'] = this.pick([3, 10, 100]);
        return node;
      }
      case 'enum':
        return { enum: LITERALS.filter(() => this.chance(0.6)).concat(['x']) };
      case 'const':
        return { const: this.pick(LITERALS) };
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        return {
          [kind]: Array.from({ length: 1 + this.count(2) }, () => this.schema(depth + 1)),
        };
      case 'untyped':
        return { description: 'anything' };
      default:
        return { type: kind };
    }
  }

  objectSchema(depth: number): Record<string, Json> {
    const properties: Record<string, Json> = {};
    for (const key of KEYS) if (this.chance(0.3)) properties[key] = this.schema(depth + 1);
    const node: Record<string, Json> = { type: 'object', properties };
    const names = Object.keys(properties);
    if (this.chance(0.6)) node['required'] = names.filter(() => this.chance(0.5));
    // The gate accepts only booleans here.
    if (this.chance(0.6)) node['additionalProperties'] = this.chance(0.5);
    return node;
  }

  any(depth: number): Json {
    const choice = this.count(depth >= 3 ? 3 : 5);
    if (choice === 0) return this.pick(STRINGS);
    if (choice === 1) return this.pick(NUMBERS);
    if (choice === 2) return this.pick([true, false, null]);
    if (choice === 3) return this.pick(LITERALS);
    if (choice === 4) return Array.from({ length: this.count(3) }, () => this.any(depth + 1));
    return Object.fromEntries(
      Array.from({ length: this.count(3) }, () => [this.pick(KEYS), this.any(depth + 1)]),
    );
  }

  /** A value that mostly follows `schema`, with a wrong turn now and then. */
  value(schema: Json, depth: number): Json {
    if (depth > 4 || this.chance(0.12) || typeof schema !== 'object' || schema === null)
      return this.any(depth);
    const node = schema as Record<string, Json>;
    for (const keyword of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(node[keyword])) return this.value(this.pick(node[keyword]), depth);
    if (Array.isArray(node['enum'])) return this.pick(node['enum']);
    if ('const' in node) return node['const'];
    switch (node['type']) {
      case 'object': {
        const result: Record<string, Json> = {};
        const properties = (node['properties'] ?? {}) as Record<string, Json>;
        for (const [key, child] of Object.entries(properties))
          if (this.chance(0.8)) result[key] = this.value(child, depth + 1);
        if (this.chance(0.25)) result[this.pick(KEYS)] = this.any(depth + 1);
        return result;
      }
      case 'array':
        return Array.from({ length: this.count(4) }, () => this.value(node['items'], depth + 1));
      case 'string':
        return this.pick(STRINGS);
      case 'number':
      case 'integer':
        return this.pick(NUMBERS);
      case 'boolean':
        return this.chance(0.5);
      case 'null':
        return null;
      default:
        return this.any(depth);
    }
  }
}

describe('the ported subset validator', () => {
  // Property tests are CPU-bound; a shared two-core machine under load needs the room.
  it(
    'gives exactly the library result on 800 generated schemas and values',
    { timeout: 30_000 },
    () => {
      const gen = new Generator(seededRandom(5));
      const seen = { fast: 0, valid: 0, invalid: 0, declined: 0, gated: 0 };
      for (let round = 0; round < 800; round += 1) {
        const schema = gen.objectSchema(0);
        const compiled = compileArgumentValidator(schema);
        if (!compiled.ok) {
          seen.gated += 1;
          continue;
        }
        for (let sample = 0; sample < 4; sample += 1) {
          // Through JSON first: arguments are always what JSON.parse produced.
          const value = JSON.parse(JSON.stringify(gen.value(schema, 0))) as Record<string, Json>;
          if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
          const fast = validateParsedArguments(value, schema);
          expect(fast).toEqual(validateParsedArgumentsWithLibrary(value, schema));
          if (compiled.plan !== undefined && runSubsetPlan(value, compiled.plan) !== undefined)
            seen.fast += 1;
          else seen.declined += 1;
          if (fast.ok) seen.valid += 1;
          else seen.invalid += 1;
        }
      }
      // The comparison covers the fast path on valid and invalid values, and declines.
      expect(seen.fast).toBeGreaterThan(2_000);
      expect(seen.valid).toBeGreaterThan(500);
      expect(seen.invalid).toBeGreaterThan(1_000);
      expect(seen.gated).toBeLessThan(400);
    },
  );

  it('declines to the library for keys it cannot address and schemas it does not port', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: true,
    };
    const compiled = compileArgumentValidator(schema);
    expect(compiled.ok && compiled.plan !== undefined).toBe(true);
    if (!compiled.ok || compiled.plan === undefined) return;
    expect(runSubsetPlan({ a: 'x', b: 1 }, compiled.plan)).toEqual([]);
    expect(runSubsetPlan({ a: 'x', '\ud800': 1 }, compiled.plan)).toBeUndefined();
    expect(validateParsedArguments({ a: 'x', '\ud800': 1 }, schema)).toMatchObject({
      code: 'ARGUMENTS_INVALID',
      details: { reason: 'validator-error' },
    });
    // The gate lets no other keyword through today; the plan still declines one
    // rather than ignore it, should the gate ever widen.
    expect(compileSubsetPlan({ type: 'string', format: 'email' })).toBeUndefined();
    expect(compileSubsetPlan({ type: 'string', pattern: '\\p{Nope}' })).toBeUndefined();
    expect(
      compileSubsetPlan({ type: 'object', additionalProperties: { not: {} } }),
    ).toBeUndefined();
  });
});
