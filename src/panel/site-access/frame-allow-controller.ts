// ## Owns
// The panel's "Also allow <host>" offer: the sites of frames a run's observation left
// unread because the person has not allowed them (from the worker's tool-status
// events), shown once per run, and the person allowing one of them.
// ## Why the permission request comes first, synchronously
// As on the site grant card: the browser opens its prompt only for a call made during
// the click's user gesture, so `allow` asks the browser before anything is awaited,
// and only then asks the worker to record the grant (`sites/allow-frame`).
import { signal } from '@preact/signals';
import type { FrameSiteOffer } from '../../shared/protocol/run-messages';
import { MAX_FRAME_SITE_OFFERS } from '../../shared/protocol/run-messages';
import type { SiteAccessClient } from '../app/panel-api';
import type { RequestHostPatterns } from '../settings/host-permission';

/** One offered site and where the person's answer stands. */
export interface FrameSiteState extends FrameSiteOffer {
  readonly status: 'offered' | 'busy' | 'allowed' | 'denied' | 'failed';
  /** The worker's words when it refused (status `failed`). */
  readonly message: string;
}

/** The offer of one run. */
export interface FrameAllowOffer {
  readonly runId: string;
  readonly tabId: number;
  readonly sites: readonly FrameSiteState[];
}

export class FrameAllowController {
  /** The latest run's offer; null when it has none. */
  readonly offer = signal<FrameAllowOffer | null>(null);

  constructor(
    private readonly client: SiteAccessClient,
    private readonly requestPermission: RequestHostPatterns,
  ) {}

  /** A new run starts: the previous run's offer goes. */
  reset(): void {
    this.offer.value = null;
  }

  /** Sites a run's call offers; each host once per run, at most five. */
  add(runId: string, tabId: number, offers: readonly FrameSiteOffer[]): void {
    const current = this.offer.peek();
    const sites = current?.runId === runId ? [...current.sites] : [];
    for (const offer of offers) {
      if (sites.length >= MAX_FRAME_SITE_OFFERS) break;
      if (sites.some((site) => site.host === offer.host)) continue;
      sites.push({ ...offer, status: 'offered', message: '' });
    }
    if (sites.length > 0) this.offer.value = { runId, tabId, sites };
  }

  /** The person clicked "Also allow <host>". Call straight from the click handler. */
  allow(host: string): Promise<void> {
    const offer = this.offer.peek();
    const site = offer?.sites.find((entry) => entry.host === host);
    if (!offer || !site || site.status === 'busy' || site.status === 'allowed')
      return Promise.resolve();
    // Synchronous on purpose: nothing may be awaited before the browser's prompt.
    const permission = site.browserGranted
      ? Promise.resolve(true)
      : this.requestPermission([site.pattern]);
    this.patch(offer.runId, host, { status: 'busy', message: '' });
    return permission.then(async (granted) => {
      if (!granted) {
        this.patch(offer.runId, host, { status: 'denied', message: '' });
        return;
      }
      const result = await this.client.request('sites/allow-frame', {
        tabId: offer.tabId,
        pattern: site.pattern,
        requested: !site.browserGranted,
      });
      this.patch(
        offer.runId,
        host,
        result.ok
          ? { status: 'allowed', message: '' }
          : { status: 'failed', message: result.error.message },
      );
    });
  }

  private patch(runId: string, host: string, change: Pick<FrameSiteState, 'status' | 'message'>) {
    const offer = this.offer.peek();
    if (offer?.runId !== runId) return;
    this.offer.value = {
      ...offer,
      sites: offer.sites.map((site) => (site.host === host ? { ...site, ...change } : site)),
    };
  }
}
