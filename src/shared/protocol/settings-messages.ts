// Panel -> worker methods for settings. API keys go in, never come back out: the
// panel sees whether a key is set and its last four characters. Handlers live in
// src/worker/handlers/settings.handlers.ts.
import { z } from '../schema/zod';
import { IdSchema, boundedArray, boundedString } from '../schema/bounded';
import { PromptTierSchema } from './agent-modes';
import type { MethodSpec } from './define-channel';
import { EditModeSchema } from './run-messages';
import { PlanReviewSchema } from './run-plan';
import { CustomQuickActionsSchema, TranslateLanguageSchema } from './quick-actions';

/** Bounds of the completion delay, in milliseconds (the page's shortest pause is the floor). */
export const COMPLETION_DELAY_RANGE = { min: 150, max: 3_000, default: 400 } as const;

/** Model rounds one run may take before it stops for the person's Continue. */
export const MAX_STEPS_RANGE = { min: 5, max: 200, default: 60 } as const;

/** Bounds of a token limit the person sets (per run or per day); null means no limit. */
export const TOKEN_LIMIT_RANGE = { min: 1_000, max: 1_000_000_000 } as const;
const TokenLimitSchema = z
  .number()
  .int()
  .min(TOKEN_LIMIT_RANGE.min)
  .max(TOKEN_LIMIT_RANGE.max)
  .nullable();

/** Bounds of a model's price in US dollars per million tokens, as the person enters it. */
export const PRICE_RANGE = { min: 0, max: 10_000 } as const;
const PriceSchema = z.number().min(PRICE_RANGE.min).max(PRICE_RANGE.max);
/** A model's prices, both or neither: US dollars per million input and output tokens. */
export const ModelPricesSchema = z.strictObject({
  inputPerMillion: PriceSchema,
  outputPerMillion: PriceSchema,
});
export type ModelPrices = z.infer<typeof ModelPricesSchema>;

/** Bounds of a cost limit in US dollars (per run or per day); null means no limit. */
export const COST_LIMIT_RANGE = { min: 0.01, max: 100_000 } as const;
const CostLimitSchema = z.number().min(COST_LIMIT_RANGE.min).max(COST_LIMIT_RANGE.max).nullable();

/**
 * What an unanswered clarify question does: wait until the person answers, take the
 * first option after `clarifyWaitSeconds`, or take the first option at once (runs
 * nobody watches). A choice made by the clock is recorded as such, never as theirs.
 */
export const ClarifyTimeoutSchema = z.enum(['wait', 'first-option', 'instant']);
export type ClarifyTimeout = z.infer<typeof ClarifyTimeoutSchema>;
/**
 * When a web run that may act sends the model a fresh screenshot by itself (vision
 * models only): never, after the tab went to another address, after an action
 * changed the page, or after every round of tool calls.
 */
export const AutoScreenshotSchema = z.enum([
  'off',
  'after-navigation',
  'after-change',
  'every-step',
]);
export type AutoScreenshot = z.infer<typeof AutoScreenshotSchema>;
/** Seconds a question waits before the first option is taken ('first-option'). */
export const CLARIFY_WAIT_RANGE = { min: 10, max: 3_600, default: 120 } as const;

/** A site guide's id (a lowercase slug). */
export const SiteGuideIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** Most guide ids Settings keeps turned off (at least every shipped guide). */
export const MAX_SITE_GUIDE_IDS = 200;

/** A guide as Settings lists it. */
export const SiteGuideViewSchema = z.strictObject({
  id: SiteGuideIdSchema,
  name: boundedString(60),
  category: z.enum(['general', 'finance']),
  /** The hostnames it applies to (with its first path on a shared host), for recognising it. */
  hosts: boundedArray(boundedString(253), 40),
});
export type SiteGuideView = z.infer<typeof SiteGuideViewSchema>;

export const ProviderKindSchema = z.enum(['openai-compatible', 'anthropic']);
export const ReasoningEffortSchema = z.enum(['default', 'minimal', 'low', 'medium', 'high']);

const modelFields = {
  name: boundedString(80).min(1),
  kind: ProviderKindSchema,
  baseUrl: boundedString(2_048).min(1),
  modelId: boundedString(200).min(1),
  supportsVision: z.boolean(),
  reasoningEffort: ReasoningEffortSchema,
  /** Tokens; compaction starts at 75% of it. */
  contextWindow: z.number().int().min(1_024).max(10_000_000),
  /** The exact plain-HTTP origin the user acknowledged, or null. */
  insecureOriginAcknowledged: boundedString(2_048).nullable(),
  /**
   * The person's prompt tier for this model. Absent means automatic, from the context
   * window (src/shared/models/resolve-prompt-tier.ts). Models saved before tiers
   * existed have none, so they keep loading unchanged.
   */
  promptTier: PromptTierSchema.optional(),
  /**
   * US dollars per million input and output tokens, both or neither. Absent means the
   * model's calls have no known cost, so cost limits do not apply to it.
   */
  prices: ModelPricesSchema.optional(),
};

/** A model as the panel sees it: the key is never sent back. */
export const ModelViewSchema = z.strictObject({
  id: IdSchema,
  ...modelFields,
  hasApiKey: z.boolean(),
  apiKeyHint: boundedString(8),
});
export type ModelView = z.infer<typeof ModelViewSchema>;

/** A model as the panel saves it. `apiKey` absent keeps the stored key; empty clears it. */
export const ModelInputSchema = z.strictObject({
  id: IdSchema.optional(),
  ...modelFields,
  apiKey: boundedString(4_096).optional(),
  /** A sign-in's grant (settings/sign-in): the worker saves the key it holds for it. */
  apiKeyGrant: IdSchema.optional(),
});
export type ModelInput = z.infer<typeof ModelInputSchema>;

export const GeneralSettingsSchema = z.strictObject({
  activeModelId: IdSchema.nullable(),
  autoNameSessions: z.boolean(),
  autoNameModelId: IdSchema.nullable(),
  /** Empty means the built-in prompt; the language and trust sections are always added. */
  customSystemPrompt: boundedString(20_000),
  /** Turns kept verbatim before older ones are summarized. */
  historyTurnLimit: z.number().int().min(4).max(400),
  editMode: EditModeSchema,
  sendShortcut: z.enum(['enter', 'ctrl-enter']),
  /** Inline completion (ghost text) in editors of sites that offer it; off by default. */
  completionEnabled: z.boolean(),
  /** The completion model; null means the active model. */
  completionModelId: IdSchema.nullable(),
  /** Quiet time after the last key before a completion is asked for. */
  completionDelayMs: z
    .number()
    .int()
    .min(COMPLETION_DELAY_RANGE.min)
    .max(COMPLETION_DELAY_RANGE.max),
  /** Site guides (our notes on well-known websites) join web runs; on by default. */
  siteGuidesEnabled: z.boolean(),
  /** Ids of the guides the person turned off one by one. */
  siteGuidesOff: boundedArray(SiteGuideIdSchema, MAX_SITE_GUIDE_IDS),
  /** Act and Dev runs propose a plan first: off, shown for approval, or approved automatically. */
  planReview: PlanReviewSchema,
  /** Model rounds per run before it stops with a progress summary and Continue. */
  maxSteps: z.number().int().min(MAX_STEPS_RANGE.min).max(MAX_STEPS_RANGE.max),
  clarifyTimeout: ClarifyTimeoutSchema,
  clarifyWaitSeconds: z.number().int().min(CLARIFY_WAIT_RANGE.min).max(CLARIFY_WAIT_RANGE.max),
  autoScreenshot: AutoScreenshotSchema,
  /** A vision model that describes those screenshots in words for a run model without vision; null: none. */
  screenshotDescriberId: IdSchema.nullable(),
  /** Tokens one run may spend (input and output together); null is no limit. */
  runTokenLimit: TokenLimitSchema,
  /** Tokens all model calls of one local day may spend; null is no limit. */
  dayTokenLimit: TokenLimitSchema,
  /** US dollars one run may spend on models with prices entered; null is no limit. */
  runCostLimit: CostLimitSchema,
  /** US dollars all priced model calls of one local day may spend; null is no limit. */
  dayCostLimit: CostLimitSchema,
  /**
   * Web runs send page text with credential-like strings (keys, card numbers, IBANs,
   * labelled passwords, one-time codes) replaced by a marker, and the panel masks
   * them in what it shows; off by default.
   */
  strictSecretMode: z.boolean(),
  /** The language the Translate quick action translates a selection into. */
  quickActionLanguage: TranslateLanguageSchema,
  /** The person's own quick actions on an editor selection (name + message template). */
  quickActions: CustomQuickActionsSchema,
});
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

export const SettingsViewSchema = z.strictObject({
  general: GeneralSettingsSchema,
  models: boundedArray(ModelViewSchema, 100),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const ModelCheckSchema = z.union([
  z.strictObject({
    ok: z.literal(true),
    latencyMs: z.number().min(0),
    modelCount: z.number().int().min(0),
    isModelListed: z.boolean().nullable(),
  }),
  z.strictObject({
    ok: z.literal(false),
    code: boundedString(64),
    message: boundedString(2_000),
    status: z.number().int().optional(),
  }),
]);

/** Identifies a model to check: a saved one, or the unsaved form values. */
const ModelTargetSchema = z.union([
  z.strictObject({ savedId: IdSchema }),
  z.strictObject({ draft: ModelInputSchema }),
]);

export const settingsRequestMethods = {
  'settings/get': {
    request: z.strictObject({}),
    response: SettingsViewSchema,
  },
  'settings/save-general': {
    request: z.strictObject({ patch: GeneralSettingsSchema.partial() }),
    response: SettingsViewSchema,
  },
  /** Validates with the endpoint policy; asks for host permission is done by the panel first. */
  'settings/save-model': {
    request: z.strictObject({ model: ModelInputSchema }),
    response: SettingsViewSchema,
  },
  'settings/delete-model': {
    request: z.strictObject({ id: IdSchema }),
    response: SettingsViewSchema,
  },
  'settings/test-model': {
    request: ModelTargetSchema,
    response: ModelCheckSchema,
  },
  /** The site guides this version ships (Settings → Site guides lists them). */
  'settings/site-guides': {
    request: z.strictObject({}),
    response: z.strictObject({ guides: boundedArray(SiteGuideViewSchema, MAX_SITE_GUIDE_IDS) }),
  },
  /** Inline completion's local figures (never sent anywhere). */
  'settings/completion-stats': {
    request: z.strictObject({}),
    response: z.strictObject({
      shown: z.number().int().min(0),
      accepted: z.number().int().min(0),
      dismissed: z.number().int().min(0),
      medianLatencyMs: z.number().min(0).nullable(),
      acceptanceRate: z.number().min(0).max(1).nullable(),
    }),
  },
  /**
   * "Sign in with …" beside the key field: runs the provider's sign-in for `baseUrl`
   * and answers with a grant for the key it produced (never the key) and its hint.
   */
  'settings/sign-in': {
    request: z.strictObject({ baseUrl: boundedString(2_048) }),
    response: z.union([
      z.strictObject({ ok: z.literal(true), grant: IdSchema, keyHint: boundedString(8) }),
      z.strictObject({
        ok: z.literal(false),
        code: boundedString(64),
        message: boundedString(2_000),
      }),
    ]),
  },
  'settings/list-models': {
    request: ModelTargetSchema,
    response: z.union([
      z.strictObject({ ok: z.literal(true), models: boundedArray(boundedString(200), 2_000) }),
      z.strictObject({
        ok: z.literal(false),
        code: boundedString(64),
        message: boundedString(2_000),
      }),
    ]),
  },
} as const satisfies Record<string, MethodSpec>;
