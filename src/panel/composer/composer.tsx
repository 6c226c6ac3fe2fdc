// The composer: a multiline input (Enter sends, Shift+Enter is a newline, and
// nothing is sent while an input method is composing), Send that becomes Stop
// while a run goes, and what the served site contributes: its placeholder, its mode
// control (the Editor edits control: Ask / Auto approve, or the chat's Ask / Act / Dev
// agent mode) and its "+ Add" entries.
import type { Signal } from '@preact/signals';
import { ArrowUp, Plus, Square } from 'lucide-preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AgentMode } from '../../shared/protocol/agent-modes';
import type { EditMode } from '../../shared/protocol/run-messages';
import type { AttachmentKind, SitePanel } from '../../shared/protocol/site-catalog';
import { AgentModeControl, AgentModeHint } from './agent-mode-control';
import { usePopover } from '../components/popover';
import { AttachmentChips } from './attachment-chips';
import type { AddKind, AttachmentsController } from './attachments-controller';
import { CommandPaletteList, useCommandPalette } from '../commands/command-palette';

/** Props of {@link Composer}. */
export interface ComposerProps {
  readonly draft: Signal<string>;
  /** False where the served page has no chat scope or the chat is loading: input is locked. */
  readonly enabled: boolean;
  /** The served site's contributions (placeholder, mode control, "+ Add" entries). */
  readonly site: SitePanel;
  /** A run is going: Send becomes Stop. */
  readonly running: boolean;
  /** A send is being prepared (Stop abandons it). */
  readonly preparing: boolean;
  readonly editMode: EditMode;
  readonly attachments: AttachmentsController;
  readonly onSend: (text: string) => void;
  readonly onStop: () => void;
  readonly onEditMode: (mode: EditMode) => void;
  readonly onAdd: (kind: AddKind) => void;
  /** The chat's agent mode, for sites whose mode control is `agent-mode`. */
  readonly agentMode?: {
    readonly mode: AgentMode;
    /** False when the active model's prompt tier cannot run Dev. */
    readonly isDevAvailable: boolean;
    readonly onChange: (mode: AgentMode) => void;
  };
}

const MAX_INPUT_HEIGHT_PX = 130;
const ADD_LABELS: Readonly<Record<AttachmentKind, string>> = {
  selection: 'Editor selection',
  preview: 'Preview screenshot',
  'opened-image': 'Opened image',
};

/** True when a keydown should send: Enter without Shift, never while composing (IME). */
export function isSendKey(event: KeyboardEvent): boolean {
  // keyCode 229 is what Chromium reports for keys an IME is still handling.
  return (
    event.key === 'Enter' &&
    !event.shiftKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.isComposing &&
    event.keyCode !== 229
  );
}

/** The message composer. */
export function Composer(props: ComposerProps) {
  const { draft, enabled, running, preparing, editMode, attachments } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const addMenu = useRef<HTMLDivElement>(null);
  const paletteList = useRef<HTMLUListElement>(null);
  const palette = useCommandPalette(draft, (text) => {
    if (enabled && !running && !preparing) props.onSend(text);
  });
  usePopover(addButton, addMenu, menuOpen, 'top-start');
  // A pointer down outside closes the menu, like any popover.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!addMenu.current?.contains(target) && !addButton.current?.contains(target))
        setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);
  const busy = running || preparing;
  const submit = () => {
    if (!enabled || busy) return;
    props.onSend(draft.value);
  };
  const grow = (element: HTMLTextAreaElement) => {
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  };
  return (
    <form
      class="composer"
      aria-label="Message"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <AttachmentChips
        items={attachments.items}
        onRemove={(id) => attachments.remove(id)}
        format={attachments.format}
        onRemoveFormat={() => (attachments.format.value = null)}
        disabled={busy}
      />
      <CommandPaletteList palette={palette} anchor={input} list={paletteList} />
      <textarea
        ref={input}
        {...palette.inputProps}
        class="composer-input"
        data-testid="composer-input"
        aria-label="Message to Side Agent"
        placeholder={enabled ? props.site.placeholder : 'Chatting is not possible on this page'}
        rows={2}
        disabled={!enabled}
        value={draft.value}
        onInput={(event) => {
          draft.value = event.currentTarget.value;
          grow(event.currentTarget);
        }}
        onKeyDown={(event) => {
          if (palette.onKeyDown(event)) return;
          if (!isSendKey(event)) return;
          event.preventDefault();
          submit();
        }}
      />
      <div class="composer-bar">
        {props.site.attachments.length > 0 ? (
          <div
            class="add-menu"
            onKeyDown={(event) => event.key === 'Escape' && menuOpen && setMenuOpen(false)}
          >
            <button
              ref={addButton}
              type="button"
              class="ghost-button add-button"
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              disabled={!enabled || busy || attachments.busy.value}
              onClick={() => setMenuOpen(!menuOpen)}
              data-testid="add-button"
            >
              <Plus aria-hidden="true" size={16} strokeWidth={1.75} />
              <span>Add</span>
            </button>
            {menuOpen ? (
              <div ref={addMenu} class="popover menu" role="menu" data-testid="add-menu">
                {props.site.attachments.map((kind) => (
                  <button
                    type="button"
                    class="menu-item"
                    role="menuitem"
                    key={kind}
                    data-testid={`add-${kind}`}
                    onClick={() => {
                      setMenuOpen(false);
                      props.onAdd(kind);
                      input.current?.focus();
                    }}
                  >
                    {ADD_LABELS[kind]}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        {props.site.modeControl === 'edit-approval' ? (
          <label class="edit-mode">
            <span>Editor edits</span>
            <select
              data-testid="edit-mode"
              value={editMode}
              disabled={!enabled || busy}
              onChange={(event) =>
                props.onEditMode(event.currentTarget.value === 'auto' ? 'auto' : 'ask')
              }
            >
              <option value="ask">Ask</option>
              <option value="auto">Auto approve</option>
            </select>
          </label>
        ) : null}
        {props.site.modeControl === 'agent-mode' && props.agentMode ? (
          <span class="composer-mode">
            <AgentModeControl
              mode={props.agentMode.mode}
              enabled={enabled && !busy}
              isDevAvailable={props.agentMode.isDevAvailable}
              onChange={props.agentMode.onChange}
            />
          </span>
        ) : null}
        {busy ? (
          <button
            type="button"
            class="stop"
            aria-label="Stop"
            title="Stop"
            data-testid="stop"
            onClick={props.onStop}
          >
            <Square aria-hidden="true" size={14} strokeWidth={2} fill="currentColor" />
          </button>
        ) : (
          <button
            type="submit"
            class="primary send"
            aria-label="Send"
            title="Send"
            data-testid="send"
            disabled={!enabled}
          >
            <ArrowUp aria-hidden="true" size={18} strokeWidth={2} />
          </button>
        )}
      </div>
      {props.site.modeControl === 'agent-mode' && props.agentMode ? (
        <AgentModeHint
          mode={props.agentMode.mode}
          isDevAvailable={props.agentMode.isDevAvailable}
        />
      ) : null}
      {attachments.status.value ? (
        <p class="composer-status" role="status">
          {attachments.status.value}
        </p>
      ) : null}
    </form>
  );
}
