// Every task of the suite, in the order the score lists them.
import type { WebTask } from '../task';
import { formTasks } from './forms';

export const allTasks: readonly WebTask[] = [...formTasks];
