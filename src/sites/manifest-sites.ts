// What the manifest says about sites, computed from the registry so that a site's
// registry line is all the manifest needs: host access and content scripts for the
// sites that come with the install, optional host access for sites the person grants,
// where the MAIN runtime's file may be loaded by the fallback loader, and the files
// sites package.
import { SITES } from './sites';

const patternsOf = (filter: (site: (typeof SITES)[number]) => boolean) => [
  ...new Set(SITES.filter(filter).flatMap((site) => [...site.urls.patterns])),
];

/** Host permissions granted at install. */
export const installHostPermissions = () => patternsOf((site) => site.access === 'install');

/** Host permissions the person may grant later, per site. */
export const optionalHostPermissions = () => patternsOf((site) => site.access === 'grant');

/** Where the manifest's isolated content script runs: every `install` site's pages. */
export const installContentScriptMatches = () => installHostPermissions();

/** Pages that may load the MAIN runtime through the fallback loader. */
export const mainWorldResourceMatches = () =>
  patternsOf((site) => site.access === 'install' && site.mainWorld);

/** Files the build copies into the extension for the registered sites. */
export const packagedSiteFiles = () => SITES.flatMap((site) => [...(site.packagedFiles ?? [])]);
