// The structure rules of sites as contributions, as functions that return the
// violations they find, so the architecture test can run them on the real tree and on
// deliberately broken inputs (a rule that cannot fail proves nothing).
import ts from 'typescript';
import { AGENT_MODES, PROMPT_TIERS } from '../../src/shared/protocol/agent-modes';
import { SitePanelSchema } from '../../src/shared/protocol/site-catalog';
import { SITE_PAGE_METHOD_PATTERN } from '../../src/shared/protocol/worker-to-page';

/** The parts of a site definition the rules read. */
export interface SiteLike {
  readonly id: string;
  readonly urls?: { readonly patterns?: readonly string[]; readonly matches?: unknown };
  readonly access?: unknown;
  readonly frames?: unknown;
  readonly mainWorld?: unknown;
  readonly scopeOf?: unknown;
  readonly pageMethods?: Readonly<Record<string, unknown>>;
  readonly document?: unknown;
  readonly panel?: unknown;
}

/** The parts of a worker part the rules read. */
export interface WorkerPartLike {
  readonly site?: unknown;
  readonly systemPrompt?: unknown;
  readonly selectionLanguage?: unknown;
  readonly tools?: readonly { readonly name?: unknown }[];
  readonly createRunState?: unknown;
}

/** A non-blank prompt, or a function giving one for every mode (or none) and tier. */
function hasPrompt(prompt: unknown): boolean {
  if (typeof prompt === 'string') return prompt.trim() !== '';
  if (typeof prompt !== 'function') return false;
  return [null, ...AGENT_MODES].every((mode) =>
    PROMPT_TIERS.every((tier) => {
      const text: unknown = (prompt as (options: unknown) => unknown)({ mode, tier });
      return typeof text === 'string' && text.trim() !== '';
    }),
  );
}

/** Every part of the site contract a registered site must have. */
export function contractViolations(
  site: SiteLike,
  workerPart: WorkerPartLike | undefined,
  pagePart: { readonly site?: unknown } | undefined,
  isolatedPart?: { readonly site?: unknown },
): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, what: string) => {
    if (!condition) problems.push(`${site.id}: ${what}`);
  };
  need(/^[a-z][a-z0-9-]*$/.test(site.id), 'an id of lowercase letters, digits and dashes');
  need((site.urls?.patterns?.length ?? 0) > 0, 'URL match patterns');
  need(typeof site.urls?.matches === 'function', 'a URL matcher');
  need(site.access === 'install' || site.access === 'grant', 'an access kind');
  need(site.frames === 'top' || site.frames === 'all', 'a frames policy');
  need(typeof site.mainWorld === 'boolean', 'whether it needs the MAIN world');
  need(typeof site.scopeOf === 'function', 'a scope key function');
  need(typeof site.document === 'boolean', 'whether it offers a document');
  need(SitePanelSchema.safeParse(site.panel).success, 'valid panel contributions');
  // The panel shows a site's grant card from these texts; an install site has none.
  const grant = (site.panel as { grant?: unknown } | undefined)?.grant;
  need(
    (site.access === 'grant') === (grant !== undefined),
    site.access === 'grant'
      ? 'grant texts (panel.grant) for a site the person must allow'
      : 'no grant texts on a site that comes with the install',
  );
  for (const name of Object.keys(site.pageMethods ?? {})) {
    need(
      name.startsWith(`${site.id}/`) && SITE_PAGE_METHOD_PATTERN.test(name),
      `page method ${name} named ${site.id}/<action>`,
    );
  }
  need(
    workerPart !== undefined,
    `a worker part (src/sites/${site.id}/worker/${site.id}.worker.ts)`,
  );
  if (workerPart) {
    need(workerPart.site === site, 'a worker part declared for this site');
    need(hasPrompt(workerPart.systemPrompt), 'a system prompt (for every mode and tier)');
    need(typeof workerPart.selectionLanguage === 'string', 'a selection language');
    need(Array.isArray(workerPart.tools), 'a tool list');
    need(typeof workerPart.createRunState === 'function', 'a run state');
  }
  if (site.mainWorld === true) {
    need(pagePart !== undefined, `a page part (src/sites/${site.id}/page/${site.id}.page.ts)`);
    if (pagePart) need(pagePart.site === site, 'a page part declared for this site');
    need(isolatedPart === undefined, 'its page methods answered in one world only');
  } else if (Object.keys(site.pageMethods ?? {}).length > 0) {
    need(
      isolatedPart !== undefined,
      `an isolated part (src/sites/${site.id}/isolated/${site.id}.isolated.ts) for its page methods`,
    );
  }
  if (isolatedPart) need(isolatedPart.site === site, 'an isolated part declared for this site');
  return problems;
}

/** The strings that name a site: its id, its method prefix and its hosts. */
export function namesOf(site: { readonly id: string; readonly patterns: readonly string[] }) {
  const hosts = site.patterns
    .map((pattern) => /^[a-z]+:\/\/([^/*]+)\//.exec(pattern)?.[1])
    .filter((host): host is string => host !== undefined && !host.includes('*'));
  return { id: site.id, prefix: `${site.id}/`, hosts };
}

/** Every string a file holds as code: literals, template parts, JSX text. */
const parsed = new Map<string, string[]>();

function stringsOf(file: string, source: string): string[] {
  const key = `${file}\0${source}`;
  const cached = parsed.get(key);
  if (cached) return cached;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    } else if (ts.isJsxText(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  parsed.set(key, found);
  return found;
}

/**
 * Where `source` (a file outside the site's folder) names the site: a string (literal,
 * template part, JSX text or import specifier) that is its id, starts with its method
 * prefix, reaches into its folder, or holds one of its hosts. Comments are not code and
 * are not read.
 */
export function namingViolations(
  file: string,
  source: string,
  site: { readonly id: string; readonly patterns: readonly string[] },
): string[] {
  const { id, prefix, hosts } = namesOf(site);
  const folder = new RegExp(`(^|/)sites/${id}(/|$)|^(\\./|\\.\\./)+${id}/`);
  const problems: string[] = [];
  for (const value of stringsOf(file, source)) {
    const reason =
      value.trim() === id
        ? 'its id'
        : value.startsWith(prefix)
          ? 'one of its page methods'
          : folder.test(value)
            ? 'an import from its folder'
            : hosts.find((host) => value.includes(host));
    if (reason) problems.push(`${file} names site ${id} (${reason}): ${JSON.stringify(value)}`);
  }
  return problems;
}
