// ## Owns
// The browser APIs scheduled tasks use: one alarm per job (chrome.alarms; Firefox
// `browser.alarms` through the same `chrome` namespace), the tabs a job runs in, and
// the notification when a run finishes or waits for an answer.
// ## Why alarms
// A service worker sleeps; an alarm wakes it at the job's time and survives worker
// restarts. Alarms missed while the browser was closed fire once at the next start,
// which is why the lifecycle runs a late job once instead of once per missed time.
import type { Job } from '../../shared/protocol/job-records';
import type { JobAlarms, JobNotices } from '../jobs/job-manager';
import type { JobTab, JobTabs } from '../jobs/job-runner';

const PREFIX = 'side-agent-job:';
/** A page a job opens gets this long to load before the run starts anyway. */
const LOAD_WAIT_MS = 20_000;

export const jobAlarms: JobAlarms = {
  set: async (jobId, when) => {
    await chrome.alarms.create(`${PREFIX}${jobId}`, { when });
  },
  clear: async (jobId) => {
    await chrome.alarms.clear(`${PREFIX}${jobId}`);
  },
};

/** Calls `fire` with the job id of every job alarm; registered at worker start. */
export function listenForJobAlarms(fire: (jobId: string) => void): void {
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name.startsWith(PREFIX)) fire(alarm.name.slice(PREFIX.length));
  });
}

const asJobTab = (tab: chrome.tabs.Tab | undefined): JobTab | null =>
  tab?.id === undefined ? null : { tabId: tab.id, url: tab.url ?? tab.pendingUrl ?? '' };

function loaded(tabId: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(listener);
      resolve();
    };
    const listener = (updated: number, change: { status?: string }) => {
      if (updated === tabId && change.status === 'complete') done();
    };
    const timer = setTimeout(done, LOAD_WAIT_MS);
    chrome.tabs.onUpdated.addListener(listener);
    void chrome.tabs.get(tabId).then(
      (tab) => tab.status === 'complete' && done(),
      () => done(),
    );
  });
}

export const jobTabs: JobTabs = {
  get: async (tabId) => {
    try {
      return asJobTab(await chrome.tabs.get(tabId));
    } catch {
      return null;
    }
  },
  openOrReuse: async (url, busyTabs) => {
    const open = await chrome.tabs.query({});
    const reusable = open.find(
      (tab) => tab.id !== undefined && tab.url === url && !busyTabs.has(tab.id),
    );
    const tab = reusable ?? (await chrome.tabs.create({ url, active: false }));
    const found = asJobTab(tab);
    if (!found) throw new Error('The browser did not open a tab for the task.');
    await loaded(found.tabId);
    return asJobTab(await chrome.tabs.get(found.tabId)) ?? found;
  },
};

const NOTICE_TEXT: Partial<Record<Job['status'], string>> = {
  completed: 'finished',
  pending: 'ran',
  failed: 'failed',
  cancelled: 'was stopped',
  needs_user_input: 'is waiting for your answer',
};

export const jobNotifications: JobNotices = {
  notify(job) {
    const what = NOTICE_TEXT[job.status];
    if (!what || !chrome.notifications) return;
    void chrome.notifications
      .create(`${PREFIX}${job.id}:${Date.now()}`, {
        type: 'basic',
        iconUrl: chrome.runtime.getURL('icon/128.png'),
        title: `Scheduled task ${what}`,
        message: `${job.title}${job.lastResult ? ` — ${job.lastResult.message}` : ''}`.slice(
          0,
          300,
        ),
      })
      .catch(() => undefined);
  },
};
