// ## Owns
// What a site integration is, in the part every realm shares: its id, which URLs it
// serves and how the extension gets there, the chat scope of a URL, its page methods
// and its side-panel contributions. Realm parts build on it: the worker part
// (src/sites/<id>/worker/<id>.worker.ts, see src/worker/sites/worker-site.ts) and
// the page part (src/sites/<id>/page/<id>.page.ts, see src/page/kit/page-site.ts).
// ## Never
// Holds realm code: this file and every `<id>.site.ts` are pure, so the manifest,
// the worker, the page runtime and the relay can all read them.
import type { MethodSpec } from '../shared/protocol/define-channel';
import type { SitePanel } from '../shared/protocol/site-catalog';

/** How a site's pages are reached. */
export interface SiteUrls {
  /**
   * Match patterns in manifest syntax (`https://example.org/*`): the manifest's
   * content scripts for an `install` site, tab queries and host-permission checks.
   */
  readonly patterns: readonly string[];
  /** Whether `url` is one of this site's pages. Decides which site serves a tab. */
  matches(url: string): boolean;
}

/** A file the build copies into the extension for a site (its parts fetch it at run time). */
export interface PackagedFile {
  /** Path from the repository root, e.g. a file an npm package ships. */
  readonly from: string;
  /** Path inside the built extension. */
  readonly to: string;
}

/** A site as the registry holds it. */
export interface SiteDefinition<
  Id extends string = string,
  Methods extends Record<string, MethodSpec> = Record<string, MethodSpec>,
> {
  /** Lowercase id, also the prefix of every page method (`<id>/<action>`). */
  readonly id: Id;
  readonly urls: SiteUrls;
  /**
   * `install`: host access and the content scripts are part of the install (the
   * manifest declares them). `grant`: nothing runs on a page before the person allows
   * the site; the bridge is then injected on demand.
   */
  readonly access: 'install' | 'grant';
  /** `top`: the bridge runs in the top frame only; `all`: in every frame. */
  readonly frames: 'top' | 'all';
  /** Whether the site's page part needs the MAIN-world runtime (page scripts' own realm). */
  readonly mainWorld: boolean;
  /**
   * The chat scope key of one of this site's URLs: chats, runs and the revert journal
   * belong to it. Null when the site serves the page but cannot chat there.
   */
  scopeOf(url: string): string | null;
  /** This site's page methods, each named `<id>/<action>`. */
  readonly pageMethods: Methods;
  /** Whether the page part offers a text document (the `document/*` page methods). */
  readonly document: boolean;
  /** What the side panel shows for this site. */
  readonly panel: SitePanel;
  /** Files the build packages for this site (e.g. a parser's wasm); absent: none. */
  readonly packagedFiles?: readonly PackagedFile[];
}

/**
 * Declares a site. Method names are checked here so a misnamed method fails at
 * startup in every realm, not at the first request.
 */
export function defineSite<
  const Id extends string,
  const Methods extends Record<string, MethodSpec>,
>(definition: SiteDefinition<Id, Methods>): SiteDefinition<Id, Methods> {
  for (const name of Object.keys(definition.pageMethods)) {
    if (!name.startsWith(`${definition.id}/`)) {
      throw new Error(
        `Site ${definition.id}: page method ${name} must be named ${definition.id}/<action>.`,
      );
    }
  }
  return Object.freeze(definition);
}

/** The origin of an http(s) URL, or null for anything else. */
export function httpOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
