// ## Owns
// Turning an MCP form elicitation into a small form for the panel and the
// person's answer back into an `ElicitResult`: only the primitive fields the
// protocol allows (string, number, integer, boolean, single- and multi-choice), at most
// 40 of them, defaults applied to what the person left empty, every value checked
// against its field before it is sent.
// ## Never
// Shows a form the run cannot bound: a nested or oversized schema is declined and
// the person is told why; the server then decides what its tool does.
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import {
  copyFormValue,
  type RunInteraction,
  type ToolFormField,
  type ToolFormValue,
} from '../../tools/run-interaction';

/** Most fields one form may show. */
export const MAX_FORM_FIELDS = 40;
const MAX_TEXT = 500;
const MAX_OPTIONS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max = MAX_TEXT) =>
  typeof value === 'string' ? value.slice(0, max) : '';

/** Values and labels of `enum` or titled `oneOf`/`anyOf` options, when all are strings. */
function optionsOf(schema: Record<string, unknown>): { values: string[]; labels: string[] } | null {
  if (Array.isArray(schema['enum'])) {
    const values = schema['enum'];
    if (!values.every((value) => typeof value === 'string')) return null;
    const names = Array.isArray(schema['enumNames']) ? schema['enumNames'] : [];
    return { values, labels: values.map((value, index) => text(names[index], 200) || value) };
  }
  const titled = Array.isArray(schema['oneOf']) ? schema['oneOf'] : schema['anyOf'];
  if (!Array.isArray(titled)) return null;
  const values = titled.map((option) => (isRecord(option) ? option['const'] : undefined));
  if (!values.every((value): value is string => typeof value === 'string')) return null;
  return {
    values,
    labels: titled.map(
      (option, index) => text((option as Record<string, unknown>)['title'], 200) || values[index]!,
    ),
  };
}

function fieldOf(name: string, schema: unknown, required: boolean): ToolFormField | null {
  if (!isRecord(schema)) return null;
  const base = {
    name,
    title: text(schema['title'], 120) || name,
    description: text(schema['description']),
    required,
  };
  const fallback = schema['default'];
  const bounded = (options: { values: string[]; labels: string[] } | null) =>
    options !== null && options.values.length > 0 && options.values.length <= MAX_OPTIONS
      ? {
          options: options.values.map((value) => value.slice(0, 200)),
          optionLabels: options.labels,
        }
      : null;
  if (schema['type'] === 'array') {
    const choices = bounded(isRecord(schema['items']) ? optionsOf(schema['items']) : null);
    if (choices === null) return null;
    const defaults =
      Array.isArray(fallback) && fallback.every((value) => typeof value === 'string')
        ? fallback
        : null;
    return { ...base, kind: 'multi', ...choices, ...(defaults ? { defaultValue: defaults } : {}) };
  }
  const choices =
    schema['enum'] !== undefined || schema['oneOf'] !== undefined || schema['anyOf'] !== undefined
      ? bounded(optionsOf(schema))
      : undefined;
  if (choices === null) return null;
  if (choices !== undefined)
    return {
      ...base,
      kind: 'enum',
      ...choices,
      ...(typeof fallback === 'string' ? { defaultValue: fallback } : {}),
    };
  const type = schema['type'];
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') {
    const matches =
      type === 'boolean'
        ? typeof fallback === 'boolean'
        : type === 'string'
          ? typeof fallback === 'string'
          : typeof fallback === 'number';
    return {
      ...base,
      kind: type,
      ...(matches ? { defaultValue: fallback as string | number | boolean } : {}),
    };
  }
  return null;
}

/** The form for `request`, or why it cannot be shown. */
export function formOf(
  request: ElicitRequestFormParams,
): { ok: true; fields: ToolFormField[] } | { ok: false; reason: string } {
  const schema = request.requestedSchema as unknown;
  const properties =
    isRecord(schema) && isRecord(schema['properties']) ? schema['properties'] : null;
  if (properties === null) return { ok: false, reason: 'it did not describe its fields' };
  const names = Object.keys(properties);
  if (names.length > MAX_FORM_FIELDS)
    return {
      ok: false,
      reason: `it asked for ${names.length} fields (at most ${MAX_FORM_FIELDS})`,
    };
  const required = new Set(
    isRecord(schema) && Array.isArray(schema['required']) ? schema['required'] : [],
  );
  const fields: ToolFormField[] = [];
  for (const name of names) {
    const field = fieldOf(name.slice(0, 120), properties[name], required.has(name));
    if (field === null)
      return {
        ok: false,
        reason: `its field "${name.slice(0, 60)}" is not a plain text, number, yes/no or choice field`,
      };
    fields.push(field);
  }
  return { ok: true, fields };
}

function checkValue(field: ToolFormField, value: unknown): ToolFormValue | undefined {
  if (field.kind === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (field.kind === 'multi') {
    const options = field.options ?? [];
    return Array.isArray(value) &&
      value.every((item) => typeof item === 'string' && options.includes(item))
      ? [...(value as string[])]
      : undefined;
  }
  if (field.kind === 'number' || field.kind === 'integer') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
    return field.kind === 'integer' && !Number.isInteger(number) ? undefined : number;
  }
  if (typeof value !== 'string') return undefined;
  if (field.kind === 'enum' && !(field.options ?? []).includes(value)) return undefined;
  return value.slice(0, 10_000);
}

/** Ask the person through `interaction`; declines when the form cannot be shown. */
export async function elicitThroughPanel(
  request: ElicitRequestFormParams,
  source: string,
  interaction: RunInteraction,
  signal: AbortSignal,
): Promise<ElicitResult> {
  const form = formOf(request);
  if (!form.ok || interaction.askForm === undefined) {
    interaction.notice(
      'warning',
      form.ok
        ? `${source} asked a question, but nobody can answer it here.`
        : `${source} asked a question Side Agent cannot show: ${form.reason}. It was declined.`,
    );
    return { action: 'decline' };
  }
  const answer = await interaction.askForm(
    { source, message: text(request.message, 2_000), fields: form.fields },
    signal,
  );
  if (answer.action !== 'accept') return { action: answer.action };
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const field of form.fields) {
    const given = answer.content[field.name];
    const value =
      given === undefined || given === '' ? field.defaultValue : checkValue(field, given);
    if (value !== undefined) content[field.name] = copyFormValue(value);
    else if (field.required) return { action: 'cancel' };
  }
  return { action: 'accept', content };
}
