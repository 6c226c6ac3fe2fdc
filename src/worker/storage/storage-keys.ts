// ## Owns
// Every persistent storage name the extension uses, in one registry.
// ## Rules (enforced by storage-keys.test.ts)
// - chrome.storage keys are `<domain>.<name>.v<N>`: lower-case kebab segments and a
//   schema version, so a shape change gets a new key instead of a silent reinterpretation.
// - Keys are unique, and one key holds one domain (general settings, models, ...):
//   saving one domain never rewrites another.
// - IndexedDB databases follow the same rule; their schema steps live in migrations/.

/** chrome.storage.local keys, one per settings domain. */
export const STORAGE_KEYS = {
  generalSettings: 'settings.general.v1',
  models: 'settings.models.v1',
  /** Saved custom HTTP tools (src/worker/integrations/integration-store.ts). */
  customTools: 'integrations.custom-tools.v1',
  /** Saved MCP servers. */
  mcpServers: 'integrations.mcp-servers.v1',
  /** MCP discovery cache, in chrome.storage.session (kept across worker restarts). */
  mcpDiscovery: 'integrations.mcp-discovery.v1',
  /** MCP OAuth state per server: client registration, tokens, PKCE verifier. Never exported. */
  mcpAuth: 'integrations.mcp-auth.v1',
  /** The sites the person allowed (src/worker/storage/allowed-sites.ts). */
  allowedSites: 'sites.allowed.v1',
  /**
   * In chrome.storage.session (it ends with the browser session, as the browser's
   * temporary access does): tabs where the toolbar button was clicked, and their
   * "Only now" grants.
   */
  activeTabs: 'sites.active-tabs.v1',
  /** Inline completion's local figures (src/worker/completion/completion-stats.ts). */
  completionStats: 'completion.stats.v1',
  /** Memory settings: enabled, auto-learn, the block's character cap (memory.store.ts). */
  memorySettings: 'memory.settings.v1',
  /** Skills and the packaged ones the person removed (src/worker/skills/skill-store.ts). */
  skills: 'skills.list.v1',
  /** Scheduled tasks settings: enabled, confirmation in scheduled runs (jobs.store.ts). */
  jobSettings: 'jobs.settings.v1',
  /** Run trace recording on/off and its retention limits (src/worker/traces). */
  traceSettings: 'traces.settings.v1',
  /** Tokens spent by model calls today, against the day limit (agent/budget/day-spend.ts). */
  daySpend: 'budget.day-spend.v1',
  /** The sealed profile: salt, PBKDF2 rounds, IV, ciphertext (src/worker/profile). */
  profileVault: 'profile.vault.v1',
  /** In chrome.storage.session only: the key that opens the profile this browser session. */
  profileSessionKey: 'profile.session-key.v1',
} as const;

/** IndexedDB database names (the version inside IndexedDB counts schema steps). */
export const DATABASE_NAMES = {
  chats: 'chats.database.v1',
  /** Scheduled jobs (src/worker/jobs/jobs.store.ts): its own database, its own schema steps. */
  jobs: 'jobs.database.v1',
  /** Run traces (src/worker/traces/traces.store.ts), opt-in. */
  traces: 'traces.database.v1',
} as const;

/** A registered chrome.storage key. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** `<domain>.<name>.v<N>` with kebab-case segments. */
export const STORAGE_KEY_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.v[1-9][0-9]*$/;
