// ## Owns
// The panel's view of whether Side Agent may work on the served tab (from the worker's
// `sites/get-access`), and the person allowing it: "Always allow" or "Only now".
// ## Why the permission request comes first, synchronously
// The browser opens its permission prompt only for a call made during the click's
// user gesture, and an await before it would end that gesture. So `allow` calls the
// browser first, in the same task as the click, and only then talks to the worker.
// Where the browser already grants the host, or for "Only now" (it rides on the
// toolbar click's temporary access to this tab), no prompt is needed and none is shown.
import { signal } from '@preact/signals';
import type { GrantMode, SiteAccess } from '../../shared/protocol/site-access-messages';
import type { SiteAccessClient } from '../app/panel-api';
import type { RequestHostPatterns } from '../settings/host-permission';

/** Why the last attempt to allow did not work, in words for the card. */
export interface AllowProblem {
  readonly kind: 'denied' | 'failed';
  readonly host: string;
  /** The worker's message when it refused (kind `failed`). */
  readonly message: string;
  /** What the person tried, for "Try again". */
  readonly mode: GrantMode;
}

export class SiteAccessController {
  /** The served tab's access; null while unknown. */
  readonly access = signal<SiteAccess | null>(null);
  readonly problem = signal<AllowProblem | null>(null);
  /** An allow is in flight (the buttons wait). */
  readonly busy = signal(false);
  private tabId: number | null = null;
  // Answers for a tab the panel no longer serves are dropped.
  private generation = 0;

  constructor(
    private readonly client: SiteAccessClient,
    private readonly requestPermission: RequestHostPatterns,
  ) {}

  /** Serves `tabId` (null: no tab) and asks the worker about it. */
  async load(tabId: number | null): Promise<void> {
    if (tabId !== this.tabId) {
      this.tabId = tabId;
      this.access.value = null;
      this.problem.value = null;
    }
    await this.reload();
  }

  /** Asks again for the served tab (after `sites/changed`). */
  async reload(): Promise<void> {
    const tabId = this.tabId;
    const generation = (this.generation += 1);
    if (tabId === null) {
      this.access.value = { state: 'none' };
      return;
    }
    const result = await this.client.request('sites/get-access', { tabId });
    if (generation !== this.generation) return;
    // A failed question leaves the page closed: the card cannot be answered wrongly.
    this.access.value = result.ok ? result.data : { state: 'none' };
  }

  /** Whether `tabId` is the one this panel serves (for events naming a tab). */
  serves(tabId: number | null): boolean {
    return tabId === null || tabId === this.tabId;
  }

  /** "Try again" after a denial or a refusal: the same attempt, from this click. */
  retry(): Promise<void> {
    const problem = this.problem.peek();
    if (!problem) return Promise.resolve();
    return this.allow(problem.mode);
  }

  /**
   * The person clicked "Always allow" or "Only now". Call straight from the click
   * handler: it may open the browser's prompt.
   */
  allow(mode: GrantMode): Promise<void> {
    const access = this.access.peek();
    const tabId = this.tabId;
    if (tabId === null || access?.state !== 'needs-grant' || this.busy.peek())
      return Promise.resolve();
    const noPrompt = mode === 'once' || access.browserGranted;
    // Synchronous on purpose: nothing may be awaited before the browser's prompt.
    const permission = noPrompt ? Promise.resolve(true) : this.requestPermission([access.pattern]);
    this.busy.value = true;
    this.problem.value = null;
    const attempt = { host: access.host, mode };
    return permission
      .then(async (granted) => {
        if (!granted) {
          this.problem.value = { kind: 'denied', message: '', ...attempt };
          return;
        }
        const result = await this.client.request('sites/allow', {
          tabId,
          pattern: access.pattern,
          mode,
          requested: !noPrompt,
        });
        if (tabId !== this.tabId) return;
        if (result.ok) this.access.value = result.data;
        else this.problem.value = { kind: 'failed', message: result.error.message, ...attempt };
      })
      .finally(() => {
        this.busy.value = false;
      });
  }
}
