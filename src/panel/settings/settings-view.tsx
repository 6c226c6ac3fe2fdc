// ## Owns
// The Settings view: a tablist over the tabs registry (settings-tabs.tsx), the
// settings load, and closing. Tabs follow the WAI-ARIA tabs pattern: arrow keys,
// Home and End move between tabs, one tab is in the Tab order at a time.
// @see https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { formatError } from './form-field';
import type { RequestHostPermission } from './host-permission';
import type { SettingsViewClient } from './panel-client';
import { SettingsController } from './settings-controller';
import { settingsTabs, type SettingsTabId } from './settings-tabs';
import { TabStrip } from './tab-strip';
import './settings.css';

/** Props of {@link SettingsView}. */
export interface SettingsViewProps {
  readonly client: SettingsViewClient;
  readonly onClose: () => void;
  /** The tab shown first; by default Models when no model exists, else General. */
  readonly initialTab?: SettingsTabId | undefined;
  /** Called after chats were renamed, deleted or imported in the Sessions tab. */
  readonly onSessionsChanged?: (() => void) | undefined;
  /** Opens a chat in the panel (Scheduled: a run's chat). */
  readonly onOpenChat?: ((sessionId: string) => void) | undefined;
  /** Called after every settings save the worker confirmed (models, active model…). */
  readonly onSettingsChanged?: (() => void) | undefined;
  /**
   * The panel's header already has the button that closes Settings: one Close on
   * screen, not two.
   */
  readonly closeInHeader?: boolean | undefined;
  /** Injected in tests; defaults to the real chrome.permissions request. */
  readonly requestPermission?: RequestHostPermission | undefined;
}

/** The Settings view with its tabs. */
export function SettingsView(props: SettingsViewProps) {
  const baseId = useId();
  // Read through a ref so a new callback identity does not rebuild the controller.
  const onChanged = useRef(props.onSettingsChanged);
  onChanged.current = props.onSettingsChanged;
  const controller = useMemo(
    () => new SettingsController(props.client, () => onChanged.current?.()),
    [props.client],
  );
  const [selected, setSelected] = useState<SettingsTabId | null>(props.initialTab ?? null);
  useEffect(() => {
    void controller.load().then(() => {
      const hasModels = (controller.view.value?.models.length ?? 0) > 0;
      setSelected((current) => current ?? (hasModels ? 'general' : 'models'));
    });
  }, [controller]);
  const view = controller.view.value;
  const loadError = controller.loadError.value;
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
    const count = settingsTabs.length;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % count
        : event.key === 'ArrowLeft'
          ? (index - 1 + count) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    const tab = next === null ? undefined : settingsTabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    setSelected(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  };

  const active = settingsTabs.find((tab) => tab.id === selected);
  return (
    <section
      class="sa-settings"
      aria-labelledby={`${baseId}-title`}
      onKeyDown={(event) => {
        // Escape leaves Settings, unless something inside (a dialog, a rename field,
        // a select's list) already used it.
        if (event.key === 'Escape' && !event.defaultPrevented) props.onClose();
      }}
    >
      <header
        class={props.closeInHeader ? 'sa-settings-header sa-visually-hidden' : 'sa-settings-header'}
      >
        <h2 id={`${baseId}-title`}>Settings</h2>
        {props.closeInHeader ? null : (
          <button type="button" onClick={props.onClose} aria-label="Close settings">
            Close
          </button>
        )}
      </header>
      <TabStrip
        label="Settings sections"
        selectedTabId={selected === null ? null : tabId(selected)}
      >
        {settingsTabs.map((tab, index) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </TabStrip>
      {loadError !== null ? (
        <p role="alert" class="sa-field-error">
          {`Settings could not be loaded: ${formatError(loadError)}`}
        </p>
      ) : null}
      {active !== undefined && view !== null ? (
        <div
          id={panelId(active.id)}
          role="tabpanel"
          aria-labelledby={tabId(active.id)}
          tabIndex={0}
          class="sa-tabpanel"
        >
          {active.render({
            client: props.client,
            controller,
            requestPermission: props.requestPermission,
            onSessionsChanged: props.onSessionsChanged,
            onOpenChat: props.onOpenChat,
          })}
        </div>
      ) : loadError === null ? (
        <p role="status">Loading settings…</p>
      ) : null}
    </section>
  );
}
