// ## Owns
// Reading one skill file (Markdown) into what is stored: its name (the first
// `# heading`), its instructions with every fenced block stripped, and its optional
// `side-agent-tools` manifest. Whether a file may become a skill at all is decided
// here, once: too large, not text, carrying scripts or secrets, a second manifest or
// a manifest that does not parse are each refused with a code and plain words.
// ## Never
// Keeps part of a refused file: a refusal stores nothing.
import { findSecrets, SECRET_KIND_WORDS } from '../../shared/secrets/secret-text';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import { parseSkillManifest, type SkillManifest } from './skill-manifest';

/** A skill file is read only up to this size (characters). */
export const MAX_SKILL_FILE_CHARS = 64 * 1024;
/** What a skill's instructions may keep once fences are stripped. */
export const MAX_SKILL_INSTRUCTION_CHARS = 16_000;
export const MAX_SKILL_NAME_CHARS = 80;

export interface SkillDocument {
  readonly name: string;
  readonly instructions: string;
  readonly manifest: SkillManifest | null;
}

export interface SkillRefusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly path?: string;
}

const refuse = (code: ErrorCode, message: string, path?: string): SkillRefusal => ({
  ok: false,
  code,
  message,
  ...(path === undefined ? {} : { path }),
});

// A fence opens with ``` or ~~~ (three or more) and closes with at least as many.
const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\n`]*)\n([\s\S]*?)\n? {0,3}\2[`~]*[ \t]*$/gm;
const MANIFEST_INFO = 'side-agent-tools';
/** Markup that would run as code if a viewer ever rendered the file as HTML. */
const SCRIPT_MARKUP = /<\s*(script|iframe|object|embed)\b|javascript\s*:|<[^>]*\son[a-z]+\s*=/i;
/** Fenced blocks in these languages are programs, which a skill may not carry. */
const SCRIPT_LANGUAGES = new Set([
  'js',
  'javascript',
  'mjs',
  'ts',
  'typescript',
  'sh',
  'bash',
  'zsh',
  'shell',
  'powershell',
  'ps1',
  'python',
  'py',
  'html',
]);

interface Fence {
  readonly info: string;
  readonly body: string;
}

function fencesOf(text: string): Fence[] {
  return [...text.matchAll(FENCE)].map((match) => ({
    info: (match[3] ?? '').trim().split(/\s+/)[0]!.toLowerCase(),
    body: match[4] ?? '',
  }));
}

function readManifest(fences: readonly Fence[]): SkillManifest | null | SkillRefusal {
  const blocks = fences.filter((fence) => fence.info === MANIFEST_INFO);
  if (blocks.length === 0) return null;
  if (blocks.length > 1)
    return refuse(
      'SKILL_MANIFEST_INVALID',
      `A skill has at most one ${MANIFEST_INFO} block; this one has ${blocks.length}.`,
    );
  let value: unknown;
  try {
    value = JSON.parse(blocks[0]!.body);
  } catch (error) {
    return refuse(
      'SKILL_MANIFEST_INVALID',
      `The ${MANIFEST_INFO} block is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`,
    );
  }
  const parsed = parseSkillManifest(value);
  return parsed.ok ? parsed.manifest : refuse(parsed.code, parsed.message, parsed.path);
}

const isRefusal = (value: unknown): value is SkillRefusal =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;

/** Parse a skill file's text; nothing of a refused file is kept. */
export function parseSkillDocument(raw: string): { ok: true; skill: SkillDocument } | SkillRefusal {
  if (raw.length > MAX_SKILL_FILE_CHARS)
    return refuse(
      'SKILL_TOO_LARGE',
      `The skill file has ${raw.length.toLocaleString('en')} characters; a skill may have at most ${MAX_SKILL_FILE_CHARS.toLocaleString('en')}.`,
    );
  if (/[\u0000-\u0008\u000e-\u001f]/.test(raw))
    return refuse('SKILL_INVALID', 'The skill file is not plain text.');
  const text = raw.replace(/\r\n?/g, '\n');
  if (SCRIPT_MARKUP.test(text))
    return refuse(
      'SKILL_SCRIPT_REFUSED',
      'The skill contains script markup (a <script> tag, a javascript: link or an event handler). Skills are instructions and declared HTTP tools only.',
    );
  const fences = fencesOf(text);
  const program = fences.find((fence) => SCRIPT_LANGUAGES.has(fence.info));
  if (program)
    return refuse(
      'SKILL_SCRIPT_REFUSED',
      `The skill contains a ${program.info} code block. Skills are instructions and declared HTTP tools only; remove the program.`,
    );
  const secret = findSecrets(text)[0];
  if (secret)
    return refuse(
      'SKILL_SECRET_REFUSED',
      `The skill contains what looks like ${SECRET_KIND_WORDS[secret.kind]}. Remove it; a skill is stored and shown in plain text.`,
    );
  const heading = /^#[ \t]+(.+?)[ \t#]*$/m.exec(text);
  const name = heading?.[1]?.trim() ?? '';
  if (name === '')
    return refuse('SKILL_INVALID', 'A skill file starts with a "# Name" heading.', 'name');
  if (name.length > MAX_SKILL_NAME_CHARS)
    return refuse(
      'SKILL_INVALID',
      `The skill's name is longer than ${MAX_SKILL_NAME_CHARS} characters.`,
      'name',
    );
  const manifest = readManifest(fences);
  if (isRefusal(manifest)) return manifest;
  const instructions = text
    .replace(FENCE, '')
    .replace(heading![0], '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (instructions.length > MAX_SKILL_INSTRUCTION_CHARS)
    return refuse(
      'SKILL_TOO_LARGE',
      `The skill's instructions have ${instructions.length.toLocaleString('en')} characters; at most ${MAX_SKILL_INSTRUCTION_CHARS.toLocaleString('en')} are kept.`,
    );
  if (instructions === '' && manifest === null)
    return refuse('SKILL_INVALID', 'The skill has neither instructions nor tools.');
  return { ok: true, skill: { name, instructions, manifest } };
}
