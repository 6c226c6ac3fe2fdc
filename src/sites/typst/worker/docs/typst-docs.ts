// ## Owns
// The bundled Typst reference: twelve pages for the Typst version
// the workbench and typst.app compile with, and how a topic argument is matched.
// Topics are accepted as id, number (1–12, zero-padded too), `NN-id`, with `.md`,
// or by alias. The pages are packaged strings: no fetch, nothing page-controlled.
import { MATH, MARKUP, SCRIPTING, SYNTAX, TYPES } from './topics-language';
import { CONTEXT, LAYOUT, MODEL, STYLING, VISUALIZE } from './topics-document';
import { CHEAT_SHEET, DATA_LOADING } from './topics-reference';

export const TYPST_DOCS_VERSION = '0.14';
export const TYPST_DOCS_REVIEWED = '2026-11-30';

export interface DocsTopic {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly aliases: readonly string[];
  readonly body: string;
}

export const DOCS_TOPICS: readonly DocsTopic[] = [
  {
    id: 'syntax',
    title: 'Syntax',
    summary: 'Modes, comments, escapes, labels.',
    aliases: ['basics', 'modes'],
    body: SYNTAX,
  },
  {
    id: 'markup',
    title: 'Markup',
    summary: 'Emphasis, headings, lists, links, raw text.',
    aliases: ['text'],
    body: MARKUP,
  },
  {
    id: 'math',
    title: 'Math',
    summary: 'Formulas, attachments, matrices, alignment.',
    aliases: ['equations', 'formula'],
    body: MATH,
  },
  {
    id: 'scripting',
    title: 'Scripting',
    summary: 'let, functions, loops, imports, packages.',
    aliases: ['code', 'functions'],
    body: SCRIPTING,
  },
  {
    id: 'types',
    title: 'Types',
    summary: 'Values, lengths, colours, string/array/dict methods.',
    aliases: ['values'],
    body: TYPES,
  },
  {
    id: 'styling',
    title: 'Styling',
    summary: 'Set and show rules, templates.',
    aliases: ['set', 'show', 'templates'],
    body: STYLING,
  },
  {
    id: 'context',
    title: 'Context',
    summary: 'context, counters, state, query, measure.',
    aliases: ['introspection', 'counters', 'state'],
    body: CONTEXT,
  },
  {
    id: 'layout',
    title: 'Layout',
    summary: 'Page setup, spacing, alignment, grids, placement.',
    aliases: ['page', 'grid'],
    body: LAYOUT,
  },
  {
    id: 'visualize',
    title: 'Visualize',
    summary: 'Images, shapes, colours, strokes.',
    aliases: ['visualise', 'images', 'shapes'],
    body: VISUALIZE,
  },
  {
    id: 'model',
    title: 'Model elements',
    summary: 'Headings, figures, tables, footnotes, bibliography.',
    aliases: ['elements', 'figures', 'tables', 'bibliography'],
    body: MODEL,
  },
  {
    id: 'data-loading',
    title: 'Data loading',
    summary: 'read, csv, json, yaml, toml, xml.',
    aliases: ['data', 'csv', 'json'],
    body: DATA_LOADING,
  },
  {
    id: 'cheat-sheet',
    title: 'Cheat sheet',
    summary: 'Common compile errors and their fixes.',
    aliases: ['cheatsheet', 'errors', 'fixes'],
    body: CHEAT_SHEET,
  },
];

/** The topic a model-given name refers to, or null. */
export function findDocsTopic(raw: string): DocsTopic | null {
  const key = raw.trim().toLowerCase().replace(/\.md$/, '').replace(/\s+/g, '-');
  const numbered = /^0*(\d{1,2})(?:-(.+))?$/.exec(key);
  if (numbered) {
    const byNumber = DOCS_TOPICS[Number(numbered[1]) - 1];
    if (byNumber && (numbered[2] === undefined || numbered[2] === byNumber.id)) return byNumber;
  }
  return (
    DOCS_TOPICS.find(
      (topic) =>
        topic.id === key || topic.aliases.includes(key) || topic.title.toLowerCase() === key,
    ) ?? null
  );
}
