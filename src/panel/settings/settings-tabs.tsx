// The Settings tabs registry. Adding a tab (Tools, MCP, …) is one line here: an
// id, a label and a render function receiving the shared tab context.
import type { ComponentChildren } from 'preact';
import { SessionsManager } from '../sessions/sessions-manager';
import { AgentTab } from './agent-tab';
import { CompletionTab } from './completion-tab';
import { GeneralTab } from './general-tab';
import { DiagnosticsSection } from './diagnostics-section';
import type { RequestHostPermission } from './host-permission';
import { ModelsTab } from './models-tab';
import { GuidesTab } from './tabs/guides-tab';
import { QuickActionsTab } from './tabs/quick-actions-tab';
import { McpTab } from './tabs/mcp-tab';
import { MemoryTab } from './memory/memory-tab';
import { ProfileTab } from './profile/profile-tab';
import { SkillsTab } from './skills/skills-tab';
import { ScheduledTab } from './scheduled/scheduled-tab';
import { SitesTab } from './tabs/sites-tab';
import { ToolsTab } from './tabs/tools-tab';
import { TracesTab } from './traces/traces-tab';
import type { SettingsViewClient } from './panel-client';
import type { SettingsController } from './settings-controller';

/** What every tab receives. */
export interface SettingsTabContext {
  readonly client: SettingsViewClient;
  /** Settings loaded from the worker (non-null once a tab renders). */
  readonly controller: SettingsController;
  readonly requestPermission?: RequestHostPermission | undefined;
  /** Called after chats were renamed, deleted or imported here. */
  readonly onSessionsChanged?: (() => void) | undefined;
  /** Opens a chat in the panel (a scheduled run's chat). */
  readonly onOpenChat?: ((sessionId: string) => void) | undefined;
}

/** One entry of the registry. */
export interface SettingsTab {
  readonly id: string;
  readonly label: string;
  readonly render: (context: SettingsTabContext) => ComponentChildren;
}

/** The tabs in display order. */
export const settingsTabs = [
  {
    id: 'general',
    label: 'General',
    render: ({ client, controller }) => {
      const view = controller.view.value;
      return view ? (
        <>
          <GeneralTab controller={controller} general={view.general} />
          <DiagnosticsSection client={client} />
        </>
      ) : null;
    },
  },
  {
    id: 'models',
    label: 'Models',
    render: ({ client, controller, requestPermission }) => (
      <ModelsTab client={client} controller={controller} requestPermission={requestPermission} />
    ),
  },
  {
    id: 'agent',
    label: 'Agent',
    render: ({ controller }) => {
      const view = controller.view.value;
      return view ? <AgentTab controller={controller} general={view.general} /> : null;
    },
  },
  {
    id: 'completion',
    label: 'Completion',
    render: ({ client, controller }) => {
      const view = controller.view.value;
      return view ? (
        <CompletionTab client={client} controller={controller} general={view.general} />
      ) : null;
    },
  },
  {
    id: 'quick-actions',
    label: 'Quick actions',
    render: ({ controller }) => {
      const view = controller.view.value;
      return view ? <QuickActionsTab controller={controller} general={view.general} /> : null;
    },
  },
  {
    id: 'tools',
    label: 'Tools',
    render: ({ client, requestPermission }) => (
      <ToolsTab client={client} requestPermission={requestPermission} />
    ),
  },
  {
    id: 'mcp',
    label: 'MCP',
    render: ({ client, requestPermission }) => (
      <McpTab client={client} requestPermission={requestPermission} />
    ),
  },
  {
    id: 'sites',
    label: 'Sites',
    render: ({ client }) => <SitesTab client={client} />,
  },
  {
    id: 'guides',
    label: 'Site guides',
    render: ({ client, controller }) => {
      const view = controller.view.value;
      return view ? (
        <GuidesTab client={client} controller={controller} general={view.general} />
      ) : null;
    },
  },
  {
    id: 'memory',
    label: 'Memory',
    render: ({ client }) => <MemoryTab client={client} />,
  },
  {
    id: 'profile',
    label: 'Profile',
    render: ({ client }) => <ProfileTab client={client} />,
  },
  {
    id: 'skills',
    label: 'Skills',
    render: ({ client }) => <SkillsTab client={client} />,
  },
  {
    id: 'scheduled',
    label: 'Scheduled',
    render: ({ client, onOpenChat }) => <ScheduledTab client={client} onOpenChat={onOpenChat} />,
  },
  { id: 'traces', label: 'Traces', render: ({ client }) => <TracesTab client={client} /> },
  {
    id: 'sessions',
    label: 'Sessions',
    render: ({ client, onSessionsChanged }) => (
      <SessionsManager client={client} onChanged={onSessionsChanged} />
    ),
  },
] as const satisfies readonly SettingsTab[];

/** The id of a registered tab. */
export type SettingsTabId = (typeof settingsTabs)[number]['id'];
