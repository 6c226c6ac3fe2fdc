// Every task of the suite, in the order the score lists them.
import type { WebTask } from '../task';
import { choiceTasks } from './choices';
import { formTasks } from './forms';
import { selectTasks } from './selects';

export const allTasks: readonly WebTask[] = [...formTasks, ...choiceTasks, ...selectTasks];
