// Handlers for the panel's settings requests. Views never carry API keys. Test and
// list-models run the endpoint policy first, then the provider registry with the
// platform fetch; the key of a saved model is looked up here, inside the worker.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { ModelInput, settingsRequestMethods } from '../../shared/protocol/settings-messages';
import { checkEndpoint } from '../integrations/endpoint-policy';
import type { FetchLike, ModelSettings } from '../providers/model-adapter';
import { listModels, testConnection } from '../providers/provider-registry';
import { toModelSettings } from '../storage/settings.store';
import type { SettingsStore } from '../storage/store-contracts';
import type { CompletionStats } from '../completion/completion-stats';
import { completionSummary } from '../completion/start-completion';
import type { SiteGuide } from '../sites/site-guide';
import { allSiteGuides } from '../sites/worker-sites';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { createKeyGrants, type KeyGrants } from '../providers/sign-in/key-grants';
import { browserSignInWindow, signInForBaseUrl } from '../providers/sign-in/provider-sign-in';
import type { SignInDeps } from '../providers/sign-in/sign-in-flow';

export interface SettingsHandlerDeps {
  readonly settings: SettingsStore;
  readonly fetch: FetchLike;
  /** Provider sign-in: the browser's window and the keys it produced; absent, this browser's. */
  readonly signIn?: {
    readonly window: Pick<SignInDeps, 'launch' | 'redirectUrl'> | null;
    readonly grants: KeyGrants;
  };
  /** Inline completion's local figures; absent, the running service's. */
  readonly completionStats?: Pick<CompletionStats, 'summary'>;
  /** The guides Settings lists; absent, every registered site's. */
  readonly siteGuides?: readonly SiteGuide[];
}

type Target = { savedId: string } | { draft: ModelInput };

const SIGN_IN_EXPIRED = {
  code: 'PROVIDER_SIGN_IN_FAILED',
  message: 'The sign-in for this model expired before it was saved. Sign in again, then save.',
} as const;
type ResolvedTarget =
  { ok: true; settings: ModelSettings } | { ok: false; code: string; message: string };

/** The provider settings a check runs with, after the endpoint policy accepted them. */
async function resolveTarget(
  store: SettingsStore,
  target: Target,
  grants: KeyGrants,
): Promise<ResolvedTarget> {
  let settings: ModelSettings;
  let acknowledged: string | null;
  if ('savedId' in target) {
    const model = await store.resolveModel(target.savedId);
    if (!model)
      return { ok: false, code: 'UNKNOWN_MODEL', message: 'That model is not configured.' };
    settings = model.settings;
    acknowledged = model.insecureOriginAcknowledged;
  } else {
    const { apiKeyGrant, ...draft } = target.draft;
    // A sign-in's key tests before it is saved; the grant stays for Save.
    const grantKey =
      apiKeyGrant === undefined ? undefined : grants.peek(apiKeyGrant, draft.baseUrl);
    if (grantKey === null) return { ok: false, ...SIGN_IN_EXPIRED };
    // Editing a saved model without retyping its key tests with the stored key.
    const storedKey =
      grantKey ??
      (draft.apiKey === undefined && draft.id !== undefined
        ? (await store.resolveModel(draft.id))?.settings.apiKey
        : undefined);
    settings = toModelSettings({
      ...draft,
      baseUrl: draft.baseUrl.trim(),
      apiKey: (draft.apiKey ?? storedKey ?? '').trim(),
    });
    acknowledged = draft.insecureOriginAcknowledged;
  }
  const check = checkEndpoint(settings.baseUrl, {
    insecureOriginAcknowledged: acknowledged ?? undefined,
  });
  if (!check.ok) return { ok: false, code: check.code, message: check.message };
  return { ok: true, settings };
}

export function createSettingsHandlers(
  deps: SettingsHandlerDeps,
): GroupHandlers<typeof settingsRequestMethods> {
  const { settings: store } = deps;
  const signIn = deps.signIn ?? { window: browserSignInWindow(), grants: createKeyGrants() };
  const { grants } = signIn;
  return {
    'settings/get': () => store.view(),
    'settings/completion-stats': async () =>
      deps.completionStats ? deps.completionStats.summary() : completionSummary(),
    'settings/site-guides': () => ({
      guides: (deps.siteGuides ?? allSiteGuides()).map((guide) => ({
        id: guide.id,
        name: guide.name,
        category: guide.category,
        // A guide for part of a shared host shows where: docs.google.com/document.
        hosts: guide.match.hosts
          .slice(0, 40)
          .map((host) => `${host}${guide.match.paths?.[0] ?? ''}`),
      })),
    }),
    'settings/save-general': ({ patch }) =>
      store.saveGeneral(patch as Parameters<SettingsStore['saveGeneral']>[0]),
    'settings/save-model': async ({ model: { apiKeyGrant, ...model } }) => {
      if (apiKeyGrant === undefined) return store.saveModel(model);
      // The grant is spent only once the model is saved, so a refused save keeps it.
      const apiKey = grants.peek(apiKeyGrant, model.baseUrl);
      if (apiKey === null) throw new ProtocolFailure(SIGN_IN_EXPIRED.code, SIGN_IN_EXPIRED.message);
      const view = await store.saveModel({ ...model, apiKey });
      grants.take(apiKeyGrant, model.baseUrl);
      return view;
    },
    'settings/sign-in': ({ baseUrl }, context) =>
      signInForBaseUrl(baseUrl, { ...signIn, fetch: deps.fetch }, context.signal),
    'settings/delete-model': ({ id }) => store.deleteModel(id),
    'settings/test-model': async (target, context) => {
      const resolved = await resolveTarget(store, target, grants);
      if (!resolved.ok) return resolved;
      const result = await testConnection(resolved.settings, {
        signal: context.signal,
        fetch: deps.fetch,
      });
      if (!result.ok)
        return {
          ok: false,
          code: result.code,
          message: result.message.slice(0, 2_000),
          ...(result.status === undefined ? {} : { status: result.status }),
        };
      return {
        ok: true,
        latencyMs: result.data.latencyMs,
        modelCount: result.data.modelCount,
        isModelListed: result.data.isModelListed ?? null,
      };
    },
    'settings/list-models': async (target, context) => {
      const resolved = await resolveTarget(store, target, grants);
      if (!resolved.ok) return resolved;
      const result = await listModels(resolved.settings, {
        signal: context.signal,
        fetch: deps.fetch,
      });
      if (!result.ok)
        return { ok: false, code: result.code, message: result.message.slice(0, 2_000) };
      return {
        ok: true,
        models: result.data.slice(0, 2_000).map((model) => model.id.slice(0, 200)),
      };
    },
  };
}
