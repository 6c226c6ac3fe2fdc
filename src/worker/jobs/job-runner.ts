// ## Owns
// Starting one run of a scheduled job the way the panel starts one (reserve, save the
// user turn, start), with no panel open: a `task` job gets a new chat per run, a
// `resume` job continues its chat. Then it follows the run's events to its end.
// ## Trust
// The target is checked right before the run: a `current_tab` job never runs in a
// tab that closed or now shows another site (the person may be doing something else
// there); the refusal says which, and the job keeps its history.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { Job } from '../../shared/protocol/job-records';
import type {
  PendingInteraction,
  RunIdentity,
  RunStartRequest,
} from '../../shared/protocol/run-messages';
import type { ChatStore } from '../storage/store-contracts';
import type { RunReport } from './job-lifecycle';
import type { JobRunner } from './job-manager';
import type { RunWatch, WatchedEvent } from './run-watch';

export interface JobTab {
  readonly tabId: number;
  readonly url: string;
}

/** The browser's tabs as a job needs them (src/worker/platform/job-browser.ts). */
export interface JobTabs {
  get(tabId: number): Promise<JobTab | null>;
  /** An open tab showing `url` without a run (`busyTabs`), or a new one, loaded. */
  openOrReuse(url: string, busyTabs: ReadonlySet<number>): Promise<JobTab>;
}

/** The agent core's admission, as a job's run uses it. */
export interface JobAgent {
  reserve(runId: string, identity: RunIdentity): unknown;
  start(
    runId: string,
    request: RunStartRequest,
    options: { readonly resumable: false },
  ): { started: boolean; cancelled: boolean };
  activeRuns(): readonly { readonly runId: string; readonly tabId: number }[];
  status(scope: ChatScope, sessionId: string): unknown;
  resolve(runId: string, callId: string, decision: 'approve-once'): unknown;
}

export interface JobRunnerDeps {
  readonly agent: JobAgent;
  readonly chats: ChatStore;
  readonly tabs: JobTabs;
  readonly watch: RunWatch;
  /**
   * Whether a scheduled run may approve this action card itself: Settings →
   * Scheduled "ask me before consequential actions" is off, and the card is not one
   * that must always reach the person. Absent: every card waits for the person.
   */
  readonly mayApproveItself?: (pending: PendingInteraction) => Promise<boolean>;
  readonly createId: () => string;
  readonly now?: () => number;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const refused = (job: Job, code: string, message: string): RunReport => ({
  outcome: 'refused',
  code,
  message,
  sessionId: job.sessionId,
});

/** The tab a job runs in, or why it may not run there. */
async function targetTab(job: Job, deps: JobRunnerDeps): Promise<JobTab | { refusal: RunReport }> {
  const busy = new Set(deps.agent.activeRuns().map((run) => run.tabId));
  if (job.target.type === 'url') return deps.tabs.openOrReuse(job.target.url, busy);
  const tab = await deps.tabs.get(job.target.tabId);
  if (!tab)
    return {
      refusal: refused(
        job,
        'JOB_TARGET_TAB_GONE',
        'Did not run: the tab it was scheduled in is closed. Schedule it for a web address instead.',
      ),
    };
  const expected = originOf(job.target.url);
  const actual = originOf(tab.url);
  if (expected === null || expected !== actual)
    return {
      refusal: refused(
        job,
        'JOB_TARGET_NAVIGATED',
        `Did not run: its tab now shows ${actual ?? 'another page'} instead of ${expected ?? 'the page it was scheduled on'}.`,
      ),
    };
  return tab;
}

const userText = (job: Job, lateNote: string | null): string => {
  const head =
    job.kind === 'resume'
      ? `[Scheduled: continue now. ${job.title}]`
      : `[Scheduled task: ${job.title}]`;
  return `${head}${lateNote ? ` (${lateNote})` : ''}\n${job.prompt}`;
};

const reportOf = (event: Extract<WatchedEvent, { type: 'end' }>, sessionId: string): RunReport => {
  if (event.status === 'done')
    return { outcome: 'done', message: 'Finished.', code: null, sessionId };
  if (event.status === 'cancelled')
    return { outcome: 'cancelled', message: 'The run was stopped.', code: null, sessionId };
  return {
    outcome: 'error',
    message: event.message ?? 'The run ended with an error.',
    code: event.code,
    sessionId,
  };
};

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const now = deps.now ?? Date.now;
  return {
    async isBusy(job) {
      if (job.kind === 'resume' && job.sessionId !== null)
        if (deps.agent.status(job.scope, job.sessionId) !== null) return true;
      if (job.target.type !== 'current_tab') return false;
      const tabId = job.target.tabId;
      return deps.agent.activeRuns().some((run) => run.tabId === tabId);
    },
    async run(job, hooks) {
      const tab = await targetTab(job, deps);
      if ('refusal' in tab) return tab.refusal;
      const sessionId =
        job.kind === 'resume' && job.sessionId !== null
          ? job.sessionId
          : (await deps.chats.create(job.scope, job.title)).id;
      const runId = deps.createId();
      const identity: RunIdentity = { tabId: tab.tabId, scope: job.scope, sessionId };
      deps.agent.reserve(runId, identity);
      const userTurnId = deps.createId();
      await deps.chats.appendUserTurn(sessionId, {
        id: userTurnId,
        role: 'user',
        createdAt: now(),
        text: userText(job, hooks.lateNote),
        file: null,
        attachments: [],
      });
      let unwatch = () => undefined as void;
      const ended = new Promise<RunReport>((resolve) => {
        unwatch = deps.watch.watch(runId, (event) => {
          if (event.type === 'end') return resolve(reportOf(event, sessionId));
          const pending = event.pending;
          if (pending?.kind !== 'action-approval' || !deps.mayApproveItself)
            return hooks.waiting(pending !== null, sessionId);
          void deps.mayApproveItself(pending).then(
            (isAllowed) =>
              isAllowed
                ? deps.agent.resolve(runId, pending.callId, 'approve-once')
                : hooks.waiting(true, sessionId),
            () => hooks.waiting(true, sessionId),
          );
        });
      });
      try {
        // Not resumed by a new worker: the job manager re-queues its running jobs.
        const started = deps.agent.start(
          runId,
          {
            ...identity,
            userTurnId,
            modelId: job.modelId,
            editMode: 'ask',
            agentMode: job.agentMode,
            file: null,
            selection: null,
            attachments: [],
            attachmentRecords: [],
          },
          { resumable: false },
        );
        if (!started.started)
          return { outcome: 'cancelled', message: 'The run was stopped.', code: null, sessionId };
        return await ended;
      } catch (error) {
        if (error instanceof ProtocolFailure)
          return { outcome: 'error', message: error.message, code: error.code, sessionId };
        throw error;
      } finally {
        unwatch();
      }
    },
  };
}
