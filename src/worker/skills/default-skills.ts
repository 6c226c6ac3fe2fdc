// The skills packaged with the extension: one data file each plus one line here.
// They are added once, turned off; one the person deletes is never added back.
import { PLAIN_SUMMARIES_SKILL } from './defaults/plain-summaries.skill';
import { PUBLIC_HOLIDAYS_SKILL } from './defaults/public-holidays.skill';

export interface DefaultSkill {
  readonly id: string;
  readonly text: string;
}

export const DEFAULT_SKILLS: readonly DefaultSkill[] = [
  PUBLIC_HOLIDAYS_SKILL,
  PLAIN_SUMMARIES_SKILL,
];
