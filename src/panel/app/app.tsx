// The panel shell: header, then either Settings or the chat (site gate,
// transcript, errors, composer). State lives in the controllers PanelController
// composes; this file only lays them out.
import { ApiWritesLine } from '../chat/api-writes-line';
import type { ComponentChildren } from 'preact';
import type { ProtocolError } from '../../shared/protocol/envelope';
import { useState } from 'preact/hooks';
import { ChatView } from '../chat/chat-view';
import { Announcements } from '../components/announcer';
import { ErrorBanner } from '../components/error-banner';
import { useAnnounceErrors } from '../errors/announce-errors';
import { ErrorSurroundingsContext } from '../errors/error-surroundings';
import { hostOf } from '../errors/error-text';
import { Composer } from '../composer/composer';
import { CommandOutputNote } from '../commands/command-output';
import type { SettingsTabId } from '../settings/settings-tabs';
import { SettingsView } from '../settings/settings-view';
import { Header } from './header';
import { RecoveryProvider } from '../recovery/recovery-provider';
import { GrantCard } from '../site-access/grant-card';
import { RestrictedCard } from '../site-access/restricted-card';
import type { PanelController } from './panel-controller';

/** What the panel says where the served page has no chat scope. */
export function SiteGate({ panel }: { readonly panel: PanelController }) {
  if (panel.site.value?.scope) return null;
  if (panel.siteAccess.access.value?.state === 'restricted') return null;
  return (
    <p class="site-gate" role="status" data-testid="site">
      {panel.sitePanel.value.noScope}
    </p>
  );
}

/**
 * The chat area's gate: a restricted page says why nothing works there; a site the
 * person has not allowed shows the grant card instead of the chat; an allowed page
 * shows the chat.
 */
function AccessGate({
  panel,
  children,
}: {
  readonly panel: PanelController;
  readonly children: ComponentChildren;
}) {
  const access = panel.siteAccess.access.value;
  const grant = panel.sitePanel.value.grant;
  if (access?.state === 'restricted')
    return (
      <div class="access-area">
        <RestrictedCard kind={access.kind} />
      </div>
    );
  if (grant && !panel.allowed.value) {
    return (
      <div class="access-area">
        {access === null ? (
          <p class="status-line" role="status">
            Checking whether Side Agent may work on this page…
          </p>
        ) : (
          <GrantCard controller={panel.siteAccess} texts={grant} />
        )}
      </div>
    );
  }
  return <>{children}</>;
}

/** The side panel. */
export function App({ panel }: { readonly panel: PanelController }) {
  const [settingsTab, setSettingsTab] = useState<SettingsTabId | null | 'closed'>('closed');
  const [revision, setRevision] = useState(0);
  const closeSettings = () => {
    setSettingsTab('closed');
    setRevision(revision + 1);
    void panel.settings.load();
  };
  const errors = [
    panel.send.error.value,
    panel.session.error.value,
    panel.attachments.error.value,
    panel.quickActions.error.value,
  ].filter((error) => error !== null);
  const surroundings = {
    modelHost: hostOf(panel.settings.activeModel.value?.baseUrl),
    openSettings: (tab: SettingsTabId) => setSettingsTab(tab),
  };
  return (
    <ErrorSurroundingsContext.Provider value={surroundings}>
      <PanelBody
        panel={panel}
        errors={errors}
        settingsTab={settingsTab}
        setSettingsTab={setSettingsTab}
        revision={revision}
        closeSettings={closeSettings}
      />
    </ErrorSurroundingsContext.Provider>
  );
}

interface PanelBodyProps {
  readonly panel: PanelController;
  readonly errors: readonly ProtocolError[];
  readonly settingsTab: SettingsTabId | null | 'closed';
  readonly setSettingsTab: (tab: SettingsTabId | null | 'closed') => void;
  readonly revision: number;
  readonly closeSettings: () => void;
}

function PanelBody({
  panel,
  errors,
  settingsTab,
  setSettingsTab,
  revision,
  closeSettings,
}: PanelBodyProps) {
  useAnnounceErrors(errors);
  const settingsOpen = settingsTab !== 'closed';
  const live = panel.runs.live.value;
  const running = live?.isActive ?? false;
  return (
    <main class="panel" aria-label="Side Agent">
      <Announcements />
      <Header
        panel={panel}
        settingsOpen={settingsOpen}
        revision={revision}
        onToggleSettings={() => (settingsOpen ? closeSettings() : setSettingsTab(null))}
        onManageChats={() => setSettingsTab('sessions')}
      />
      {settingsOpen ? (
        <SettingsView
          client={panel.api}
          onClose={closeSettings}
          closeInHeader
          initialTab={settingsTab ?? undefined}
          onSessionsChanged={() => void panel.session.reload()}
          onOpenChat={(sessionId) => {
            closeSettings();
            void panel.selectChat(sessionId);
          }}
        />
      ) : (
        <>
          <SiteGate panel={panel} />
          <AccessGate panel={panel}>
            <RecoveryProvider
              site={panel.site}
              chat={panel.session}
              running={running}
              enabled={panel.sitePanel.value.recovery}
            >
              <ChatView
                session={panel.session}
                runs={panel.runs}
                follow={panel.follow}
                site={panel.sitePanel.value}
                onRegenerate={(turn) => panel.regenerate(turn)}
                onContinue={() => void panel.continueRun()}
                onSuggestion={(text) => (panel.draft.value = text)}
                frameAllow={panel.frameAllow}
                tabId={panel.site.value?.tabId ?? null}
              />
            </RecoveryProvider>
          </AccessGate>
          <div class="panel-messages">
            {errors.map((error, index) => (
              <ErrorBanner key={index} error={error} onDismiss={() => panel.dismissErrors()} />
            ))}
            {panel.commandOutput.value ? (
              <CommandOutputNote
                output={panel.commandOutput.value}
                onDismiss={() => (panel.commandOutput.value = null)}
              />
            ) : null}
            {panel.send.status.value ? (
              <p class="status-line" role="status" data-testid="send-status">
                {panel.send.status.value}
              </p>
            ) : null}
            {panel.quickActions.status.value ? (
              <p class="status-line" role="status" data-testid="quick-action-status">
                {panel.quickActions.status.value}
              </p>
            ) : null}
          </div>
          {panel.blocked.value ? null : (
            <>
              <ApiWritesLine
                apiWrites={panel.session.meta.value?.apiWrites}
                onRevoke={() => void panel.session.setApiWrites(null)}
              />
              <Composer
                draft={panel.draft}
                enabled={panel.enabled.value}
                site={panel.sitePanel.value}
                running={running}
                preparing={panel.send.preparing.value}
                editMode={panel.settings.editMode.value}
                attachments={panel.attachments}
                onSend={(text) => void panel.submit(text)}
                onStop={() => void panel.send.stop()}
                onEditMode={(mode) => void panel.settings.setEditMode(mode)}
                onAdd={(kind) => panel.add(kind)}
                agentMode={{
                  mode: panel.agentMode.value,
                  isDevAvailable: panel.isDevAvailable.value,
                  onChange: (mode) => void panel.session.setMode(mode),
                }}
              />
              <p class="shortcuts muted">{panel.sitePanel.value.shortcuts}</p>
            </>
          )}
        </>
      )}
    </main>
  );
}
