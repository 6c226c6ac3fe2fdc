// ## Owns
// The panel's copy of the site catalog: each registered site's panel contributions
// (texts, composer controls, attachments, recovery), loaded once from the worker. The
// panel never imports a site; everything it shows about one comes from here. Pages no
// site serves (browser pages, files) get the panel's own fallback.
import { signal } from '@preact/signals';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { SiteDescriptor, SitePanel } from '../../shared/protocol/site-catalog';

/** What the panel shows where no registered site serves the page. */
export const NO_SITE_PANEL: SitePanel = {
  label: 'This page',
  scopeLabel: '{key}',
  scopeUrl: null,
  placeholder: '',
  noScope:
    'Side Agent cannot work on this page: browser pages, the extension store and local files are off limits. Nothing here is read or sent.',
  emptyState: '',
  suggestions: [],
  modeControl: 'none',
  attachments: [],
  recovery: false,
  shortcuts: 'Enter sends \u00b7 Shift+Enter new line',
};

const fill = (template: string, key: string) => template.replaceAll('{key}', key);

/** The registered sites as the worker describes them. */
export class SiteCatalog {
  readonly sites = signal<ReadonlyMap<string, SitePanel>>(new Map());

  /** Replaces the catalog (from `site/catalog`). */
  set(descriptors: readonly SiteDescriptor[]): void {
    this.sites.value = new Map(descriptors.map((descriptor) => [descriptor.id, descriptor.panel]));
  }

  /** The panel contributions of `siteId`, or the fallback for pages no site serves. */
  panelOf(siteId: string | null): SitePanel {
    return (siteId === null ? undefined : this.sites.value.get(siteId)) ?? NO_SITE_PANEL;
  }

  /** A person-readable name for a chat scope. */
  scopeLabel(scope: ChatScope): string {
    const panel = this.sites.value.get(scope.siteId);
    if (!panel) return scope.projectId ?? scope.siteId;
    if (scope.projectId === null) return panel.label;
    return fill(panel.scopeLabel, scope.projectId);
  }

  /** The scope's own page, or null when its site names none. */
  scopeUrl(scope: ChatScope): string | null {
    const template = this.sites.value.get(scope.siteId)?.scopeUrl;
    if (!template || scope.projectId === null) return null;
    return fill(template, encodeURIComponent(scope.projectId));
  }
}

/** The panel's catalog; the shell loads it at start. */
export const siteCatalog = new SiteCatalog();
