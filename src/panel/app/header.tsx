// The panel header: the chat menu of the project (sessions engineer's
// SessionMenu), the model picker and the Settings toggle.
import { ModelPicker } from '../settings/model-picker';
import { SessionMenu } from '../sessions/session-menu';
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
  const meta = panel.session.meta.value;
  return (
    <header class="panel-header">
      <h1 class="panel-title">Side Agent</h1>
      {scope && !settingsOpen && panel.allowed.value ? (
        <SessionMenu
          client={panel.api}
          scope={scope}
          currentSessionId={meta?.id ?? null}
          onSwitch={(session) => void panel.selectChat(session.id)}
          onCreate={(session) => void panel.selectChat(session.id)}
          onManage={onManageChats}
        />
      ) : null}
      <span class="header-spacer" />
      {!settingsOpen ? <ModelPicker client={panel.api} revision={revision} /> : null}
      <button
        type="button"
        class="icon-button"
        aria-pressed={settingsOpen}
        aria-label={settingsOpen ? 'Close settings' : 'Open settings'}
        data-testid="settings-toggle"
        onClick={onToggleSettings}
      >
        {settingsOpen ? 'Close' : 'Settings'}
      </button>
    </header>
  );
}
