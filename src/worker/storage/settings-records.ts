// ## Owns
// Settings as stored in chrome.storage.local and their normalization on load: every
// field is checked on its own, so one corrupt value falls back to its default (and is
// reported) instead of losing the rest or crashing the worker.
import type { z } from '../../shared/schema/zod';
import { IdSchema, boundedString } from '../../shared/schema/bounded';
import {
  COMPLETION_DELAY_RANGE,
  GeneralSettingsSchema,
  MAX_STEPS_RANGE,
  CLARIFY_WAIT_RANGE,
  ModelViewSchema,
  type GeneralSettings,
} from '../../shared/protocol/settings-messages';
import { DEFAULT_PLAN_REVIEW } from '../../shared/protocol/run-plan';
import { DEFAULT_TRANSLATE_LANGUAGE } from '../../shared/protocol/quick-actions';
import { normalizeQuickActions } from './quick-action-records';

/** Longest stored API key (the input bound). */
const MAX_API_KEY_CHARS = 4_096;

/** A model as stored: the view fields minus the key hint, plus the key itself. */
export const StoredModelSchema = ModelViewSchema.omit({ hasApiKey: true, apiKeyHint: true }).extend(
  {
    apiKey: boundedString(MAX_API_KEY_CHARS),
  },
);
export type StoredModel = z.infer<typeof StoredModelSchema>;

/** The value under STORAGE_KEYS.models. */
export interface StoredModels {
  readonly models: StoredModel[];
}

/** Defaults for a fresh profile. */
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = Object.freeze({
  activeModelId: null,
  autoNameSessions: true,
  autoNameModelId: null,
  customSystemPrompt: '',
  historyTurnLimit: 40,
  editMode: 'ask',
  sendShortcut: 'enter',
  completionEnabled: false,
  completionModelId: null,
  completionDelayMs: COMPLETION_DELAY_RANGE.default,
  siteGuidesEnabled: true,
  siteGuidesOff: [],
  planReview: DEFAULT_PLAN_REVIEW,
  maxSteps: MAX_STEPS_RANGE.default,
  clarifyTimeout: 'wait',
  clarifyWaitSeconds: CLARIFY_WAIT_RANGE.default,
  autoScreenshot: 'after-change',
  screenshotDescriberId: null,
  runTokenLimit: null,
  dayTokenLimit: null,
  runCostLimit: null,
  dayCostLimit: null,
  strictSecretMode: false,
  quickActionLanguage: DEFAULT_TRANSLATE_LANGUAGE,
  quickActions: [],
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Most models kept (the view's bound). */
export const MAX_MODELS = 100;

/**
 * Normalizes stored models: drops invalid records and repeated ids (reporting each),
 * never throws. Keys stay inside the worker; this only decides what is usable.
 */
export function normalizeModels(raw: unknown, report: (problem: string) => void): StoredModel[] {
  if (raw === undefined) return [];
  const list = isRecord(raw) && Array.isArray(raw['models']) ? raw['models'] : null;
  if (list === null) {
    report('Saved models were unreadable and were reset.');
    return [];
  }
  const models: StoredModel[] = [];
  const seen = new Set<string>();
  for (const item of list.slice(0, MAX_MODELS)) {
    const parsed = StoredModelSchema.safeParse(item);
    if (!parsed.success) {
      report(
        `A saved model was invalid and was skipped (${parsed.error.issues[0]?.path.join('.') ?? 'record'}).`,
      );
      continue;
    }
    if (seen.has(parsed.data.id)) {
      report(`A saved model repeated the id ${parsed.data.id} and was skipped.`);
      continue;
    }
    seen.add(parsed.data.id);
    models.push(parsed.data);
  }
  if (list.length > MAX_MODELS) report(`Only the first ${MAX_MODELS} saved models were kept.`);
  return models;
}

/**
 * Normalizes general settings field by field against the saved models: an unknown
 * edit mode becomes 'ask' (the safe mode), a dangling active model falls back to the
 * first model, a dangling naming model to none.
 */
export function normalizeGeneral(
  raw: unknown,
  models: readonly StoredModel[],
  report: (problem: string) => void,
): GeneralSettings {
  const source = isRecord(raw) ? raw : {};
  if (raw !== undefined && !isRecord(raw))
    report('General settings were unreadable and were reset to defaults.');
  const shape = GeneralSettingsSchema.shape;
  const pick = <K extends keyof GeneralSettings>(key: K): GeneralSettings[K] => {
    if (!(key in source)) return DEFAULT_GENERAL_SETTINGS[key];
    const parsed = shape[key].safeParse(source[key]);
    if (parsed.success) return parsed.data as GeneralSettings[K];
    report(`The setting "${key}" was invalid and was reset to its default.`);
    return DEFAULT_GENERAL_SETTINGS[key];
  };
  const general: GeneralSettings = {
    activeModelId: pick('activeModelId'),
    autoNameSessions: pick('autoNameSessions'),
    autoNameModelId: pick('autoNameModelId'),
    customSystemPrompt: pick('customSystemPrompt'),
    historyTurnLimit: pick('historyTurnLimit'),
    editMode: pick('editMode'),
    sendShortcut: pick('sendShortcut'),
    completionEnabled: pick('completionEnabled'),
    completionModelId: pick('completionModelId'),
    completionDelayMs: pick('completionDelayMs'),
    siteGuidesEnabled: pick('siteGuidesEnabled'),
    siteGuidesOff: pick('siteGuidesOff'),
    planReview: pick('planReview'),
    maxSteps: pick('maxSteps'),
    clarifyTimeout: pick('clarifyTimeout'),
    clarifyWaitSeconds: pick('clarifyWaitSeconds'),
    autoScreenshot: pick('autoScreenshot'),
    screenshotDescriberId: pick('screenshotDescriberId'),
    runTokenLimit: pick('runTokenLimit'),
    dayTokenLimit: pick('dayTokenLimit'),
    runCostLimit: pick('runCostLimit'),
    dayCostLimit: pick('dayCostLimit'),
    strictSecretMode: pick('strictSecretMode'),
    quickActionLanguage: pick('quickActionLanguage'),
    quickActions: normalizeQuickActions(source['quickActions'], report),
  };
  return reconcileModels(general, models);
}

/** Points the active and naming model at models that exist (after load or delete). */
export function reconcileModels(
  general: GeneralSettings,
  models: readonly StoredModel[],
): GeneralSettings {
  const has = (id: string | null) => id !== null && models.some((model) => model.id === id);
  return {
    ...general,
    activeModelId: has(general.activeModelId) ? general.activeModelId : (models[0]?.id ?? null),
    autoNameModelId: has(general.autoNameModelId) ? general.autoNameModelId : null,
    completionModelId: has(general.completionModelId) ? general.completionModelId : null,
    screenshotDescriberId: has(general.screenshotDescriberId)
      ? general.screenshotDescriberId
      : null,
  };
}

/** The last four characters of a key, shown so the user can tell keys apart; none for short keys. */
export const apiKeyHint = (apiKey: string): string => (apiKey.length >= 8 ? apiKey.slice(-4) : '');

/** Whether a string is a valid model id. */
export const isModelId = (id: string): boolean => IdSchema.safeParse(id).success;
