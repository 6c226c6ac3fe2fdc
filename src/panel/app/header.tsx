// The panel header, one row at every width: the chat's title (click to rename),
// the model picker, and icon buttons for a new chat, the chat history and Settings.
// With Settings open it says so and its one button closes Settings.
import { Settings, SquarePen, X } from 'lucide-preact';
import { IconButton } from '../components/icon-button';
import { ModelPicker } from '../settings/model-picker';
import { SessionMenu } from '../sessions/session-menu';
import { ChatTitle } from './chat-title';
import type { PanelController } from './panel-controller';
import { scopeOf } from './panel-controller';

/** Props of {@link Header}. */
export interface HeaderProps {
  readonly panel: PanelController;
  readonly settingsOpen: boolean;
  /** Bumped when Settings closes, so the picker reloads the models. */
  readonly revision: number;
  readonly onToggleSettings: () => void;
  readonly onManageChats: () => void;
}

/** The header bar. */
export function Header({
  panel,
  settingsOpen,
  revision,
  onToggleSettings,
  onManageChats,
}: HeaderProps) {
  const scope = scopeOf(panel.site.value);
  const hasChat = scope !== null && !settingsOpen && panel.allowed.value;
  const meta = panel.session.meta.value;
  return (
    <header class="panel-header" data-testid="panel-header">
      <ChatTitle
        meta={hasChat ? meta : null}
        fallback={settingsOpen ? 'Settings' : 'Side Agent'}
        onRename={(name) => void panel.session.rename(name)}
      />
      <div class="header-actions">
        {!settingsOpen ? <ModelPicker client={panel.api} revision={revision} /> : null}
        {hasChat ? (
          <>
            <IconButton
              icon={SquarePen}
              label="New chat"
              data-testid="header-new-chat"
              disabled={panel.runs.live.value?.isActive ?? false}
              onClick={() => void panel.newChat()}
            />
            <SessionMenu
              client={panel.api}
              scope={scope}
              currentSessionId={meta?.id ?? null}
              onSwitch={(session) => void panel.selectChat(session.id)}
              onCreate={(session) => void panel.selectChat(session.id)}
              onManage={onManageChats}
            />
          </>
        ) : null}
        <IconButton
          icon={settingsOpen ? X : Settings}
          label={settingsOpen ? 'Close settings' : 'Open settings'}
          aria-pressed={settingsOpen}
          data-testid="settings-toggle"
          onClick={onToggleSettings}
        />
      </div>
    </header>
  );
}
