// ## Owns
// What a person reads for the skill codes: imports and edits that were refused
// (nothing stored changed) and skill tool calls that failed.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorTextEntry } from './error-text-types';

export const SKILL_TEXTS = {
  SKILL_INVALID: 'That is not a skill file Side Agent can read. Nothing was imported.',
  SKILL_TOO_LARGE: 'That skill is too large. Nothing was imported.',
  SKILL_MANIFEST_INVALID:
    'The skill’s tool manifest is not valid. Fix the side-agent-tools block and try again.',
  SKILL_TOO_MANY_TOOLS: 'That skill declares more tools than a skill may have.',
  SKILL_ENDPOINT_REFUSED:
    'A skill tool may only call an HTTPS address it declares. Nothing was imported.',
  SKILL_TOOL_NAME_COLLISION:
    'A tool of that skill has the name of another tool. Rename it in the manifest.',
  SKILL_SCRIPT_REFUSED: 'Skills are instructions and HTTP tools only; scripts are refused.',
  SKILL_SECRET_REFUSED:
    'That skill contains something that looks like a secret (a key, password or card number). Remove it first.',
  SKILL_DUPLICATE: 'You already have a skill with that name.',
  SKILL_NOT_FOUND: 'That skill is not saved any more. Type /skills to see your skills.',
  SKILL_LIMIT_REACHED: 'You have as many skills as Side Agent keeps. Delete one first.',
  SKILL_ARGUMENT_NOT_ALLOWED:
    'The skill tool was asked to use an address its skill does not allow.',
  SKILL_JOB_FAILED: 'The skill’s download job failed on its server.',
  SKILL_JOB_TIMEOUT: 'The skill’s download job did not finish in time.',
  SKILL_DOWNLOAD_FAILED: 'The file of the skill’s download job could not be saved.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;
