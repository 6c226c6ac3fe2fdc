// Every task of the suite, in the order the score lists them.
import type { WebTask } from '../task';
import { choiceTasks } from './choices';
import { dateTasks } from './dates';
import { flowTasks } from './flows';
import { formTasks } from './forms';
import { injectionTasks } from './injection';
import { scrollTasks } from './scrolling';
import { selectTasks } from './selects';
import { structureTasks } from './structure';

export const allTasks: readonly WebTask[] = [
  ...formTasks,
  ...choiceTasks,
  ...selectTasks,
  ...dateTasks,
  ...structureTasks,
  ...flowTasks,
  ...scrollTasks,
  ...injectionTasks,
];
