// ## Owns
// The SettingsStore over chrome.storage.local (through a KeyValueArea): one key per
// domain, validated and normalized on every load, mutations serialized so two panels
// saving at once both survive.
// ## Never
// Lets an API key out: views carry `hasApiKey` and a four-character hint; only
// `resolveModel`, called inside the worker, returns the key.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type {
  GeneralSettings,
  ModelInput,
  ModelView,
  SettingsView,
} from '../../shared/protocol/settings-messages';
import { GeneralSettingsSchema } from '../../shared/protocol/settings-messages';
import { resolvePromptTier } from '../../shared/models/resolve-prompt-tier';
import { checkEndpoint } from '../integrations/endpoint-policy';
import type { ModelSettings } from '../providers/model-adapter';
import type { KeyValueArea } from './key-value-area';
import {
  MAX_MODELS,
  apiKeyHint,
  isModelId,
  normalizeGeneral,
  normalizeModels,
  reconcileModels,
  type StoredModel,
} from './settings-records';
import { STORAGE_KEYS } from './storage-keys';
import type { ResolvedModel, SettingsStore } from './store-contracts';
import { toWriteFailure } from './storage-errors';

/** Options for {@link KeyValueSettingsStore}. */
export interface SettingsStoreOptions {
  readonly area: KeyValueArea;
  readonly createId?: () => string;
  /** Reports corrupt stored values that were reset (never thrown). */
  readonly onProblem?: (problem: string) => void;
}

interface Loaded {
  general: GeneralSettings;
  models: StoredModel[];
}

const toView = (model: StoredModel): ModelView => {
  const { apiKey, ...rest } = model;
  return { ...rest, hasApiKey: apiKey !== '', apiKeyHint: apiKeyHint(apiKey) };
};

/** Provider-ready settings of a stored model ('default' reasoning effort means absent). */
export function toModelSettings(
  model: Pick<StoredModel, 'kind' | 'baseUrl' | 'apiKey' | 'modelId' | 'reasoningEffort'>,
): ModelSettings {
  const base = {
    kind: model.kind,
    baseUrl: model.baseUrl,
    apiKey: model.apiKey,
    modelId: model.modelId,
  };
  return model.reasoningEffort === 'default'
    ? base
    : { ...base, reasoningEffort: model.reasoningEffort };
}

/** A SettingsStore over a key-value area. */
export class KeyValueSettingsStore implements SettingsStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly problems: string[] = [];

  constructor(private readonly options: SettingsStoreOptions) {}

  /** Problems found in stored values since start (corrupt values reset to defaults). */
  loadProblems(): readonly string[] {
    return this.problems;
  }

  // Each distinct problem is reported once: stored values are normalized on every load.
  private report = (problem: string) => {
    if (this.problems.includes(problem) || this.problems.length >= 50) return;
    this.problems.push(problem);
    this.options.onProblem?.(problem);
  };

  private async load(): Promise<Loaded> {
    const [rawGeneral, rawModels] = await Promise.all([
      this.options.area.get(STORAGE_KEYS.generalSettings),
      this.options.area.get(STORAGE_KEYS.models),
    ]);
    const models = normalizeModels(rawModels, this.report);
    return { models, general: normalizeGeneral(rawGeneral, models, this.report) };
  }

  /** Runs read-modify-write steps one at a time; a failed step does not block later ones. */
  private serialize<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async persist(
    next: Loaded,
    domains: { general?: boolean; models?: boolean },
  ): Promise<void> {
    try {
      if (domains.models) await this.options.area.set(STORAGE_KEYS.models, { models: next.models });
      if (domains.general) await this.options.area.set(STORAGE_KEYS.generalSettings, next.general);
    } catch (error) {
      throw toWriteFailure(error);
    }
  }

  private viewOf(loaded: Loaded): SettingsView {
    return { general: { ...loaded.general }, models: loaded.models.map(toView) };
  }

  async view(): Promise<SettingsView> {
    return this.viewOf(await this.load());
  }

  async general(): Promise<GeneralSettings> {
    return (await this.load()).general;
  }

  saveGeneral(patch: Partial<GeneralSettings>): Promise<SettingsView> {
    return this.serialize(async () => {
      const loaded = await this.load();
      const parsed = GeneralSettingsSchema.partial().safeParse(patch);
      if (!parsed.success)
        throw new ProtocolFailure(
          'INVALID_PAYLOAD_FIELD',
          `Settings were not saved: ${parsed.error.issues[0]?.message ?? 'invalid value'}.`,
        );
      const general: GeneralSettings = {
        ...loaded.general,
        ...(stripUndefined(parsed.data) as Partial<GeneralSettings>),
      };
      for (const key of ['activeModelId', 'autoNameModelId'] as const) {
        const id = general[key];
        if (id !== null && !loaded.models.some((model) => model.id === id))
          throw new ProtocolFailure('UNKNOWN_MODEL', 'That model is not configured.', {
            field: key,
          });
      }
      const next = { ...loaded, general };
      await this.persist(next, { general: true });
      return this.viewOf(next);
    });
  }

  saveModel(input: ModelInput): Promise<SettingsView> {
    return this.serialize(async () => {
      const loaded = await this.load();
      const previous =
        input.id === undefined ? undefined : loaded.models.find((model) => model.id === input.id);
      if (input.id !== undefined && (!isModelId(input.id) || !previous)) {
        throw new ProtocolFailure(
          'UNKNOWN_MODEL',
          'That model no longer exists; it may have been deleted in another panel.',
          { id: input.id },
        );
      }
      const model = buildStoredModel(
        input,
        previous,
        this.options.createId ?? (() => crypto.randomUUID()),
      );
      const clash = loaded.models.find(
        (other) =>
          other.id !== model.id &&
          other.name.trim().toLowerCase() === model.name.trim().toLowerCase(),
      );
      if (clash)
        throw new ProtocolFailure(
          'DUPLICATE_MODEL_NAME',
          `A model named "${clash.name}" already exists.`,
        );
      if (!previous && loaded.models.length >= MAX_MODELS)
        throw new ProtocolFailure(
          'INVALID_PAYLOAD_FIELD',
          `At most ${MAX_MODELS} models can be saved.`,
        );
      const models = previous
        ? loaded.models.map((other) => (other.id === model.id ? model : other))
        : [...loaded.models, model];
      const next = { models, general: reconcileModels(loaded.general, models) };
      await this.persist(next, {
        models: true,
        general: next.general.activeModelId !== loaded.general.activeModelId,
      });
      return this.viewOf(next);
    });
  }

  deleteModel(id: string): Promise<SettingsView> {
    return this.serialize(async () => {
      const loaded = await this.load();
      if (!loaded.models.some((model) => model.id === id))
        throw new ProtocolFailure('UNKNOWN_MODEL', 'That model is not configured.', { id });
      const models = loaded.models.filter((model) => model.id !== id);
      // Active falls back to the first remaining model; the naming model to none (Off).
      const next = { models, general: reconcileModels(loaded.general, models) };
      await this.persist(next, { models: true, general: true });
      return this.viewOf(next);
    });
  }

  async resolveModel(id: string): Promise<ResolvedModel | null> {
    const model = (await this.load()).models.find((candidate) => candidate.id === id);
    if (!model) return null;
    return {
      id: model.id,
      name: model.name,
      settings: toModelSettings(model),
      supportsVision: model.supportsVision,
      contextWindow: model.contextWindow,
      insecureOriginAcknowledged: model.insecureOriginAcknowledged,
      promptTier: resolvePromptTier(model).tier,
      prices: model.prices ?? null,
    };
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

/**
 * Validates a model input into a stored model. The base URL must pass the endpoint
 * policy (plain HTTP off loopback only with that exact origin acknowledged); the
 * acknowledgement is kept only while it matches the URL, so editing the URL to
 * another host cannot inherit consent. An absent key keeps the stored one.
 */
export function buildStoredModel(
  input: ModelInput,
  previous: StoredModel | undefined,
  createId: () => string,
): StoredModel {
  const baseUrl = input.baseUrl.trim();
  const check = checkEndpoint(baseUrl, {
    insecureOriginAcknowledged: input.insecureOriginAcknowledged ?? undefined,
  });
  if (!check.ok) throw new ProtocolFailure(check.code, check.message, check.details);
  const apiKey = input.apiKey === undefined ? (previous?.apiKey ?? '') : input.apiKey.trim();
  return {
    id: previous?.id ?? createId(),
    name: input.name.trim() || input.modelId.trim(),
    kind: input.kind,
    baseUrl: check.url.href.replace(/\/+$/, ''),
    modelId: input.modelId.trim(),
    supportsVision: input.supportsVision,
    reasoningEffort: input.reasoningEffort,
    contextWindow: input.contextWindow,
    insecureOriginAcknowledged: check.transport === 'acknowledged-http' ? check.origin : null,
    ...(input.promptTier !== undefined ? { promptTier: input.promptTier } : {}),
    ...(input.prices !== undefined ? { prices: input.prices } : {}),
    apiKey,
  };
}
