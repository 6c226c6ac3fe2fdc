// ## Owns
// The composer's command palette: typing `/` at the start of an empty composer opens
// a listbox of the slash commands that match what follows, as an ARIA combobox on the
// composer input (arrow keys move, Enter or Tab picks, Escape closes, a click picks).
// Picking a command that needs text fills `/name ` in; one that needs none runs.
import type { Signal } from '@preact/signals';
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { usePopover } from '../components/popover';
import { matchCommands } from './command-registry';
import type { SlashCommand } from './slash-command';
import './commands.css';

export const PALETTE_ID = 'command-palette';
const optionId = (command: SlashCommand) => `command-option-${command.name}`;

/** The typed command name while the composer holds only `/name` (no space yet), else null. */
export function typedCommandName(draft: string): string | null {
  const match = /^\/([^\s/]*)$/.exec(draft);
  return match ? (match[1] ?? '') : null;
}

/** What the composer needs from the palette. */
export interface CommandPalette {
  readonly isOpen: boolean;
  readonly matches: readonly SlashCommand[];
  readonly active: SlashCommand | undefined;
  /** ARIA attributes for the composer input. */
  readonly inputProps: Record<string, string | boolean | undefined>;
  /** Handles a key in the input; true when the palette used it. */
  readonly onKeyDown: (event: KeyboardEvent) => boolean;
  readonly pick: (command: SlashCommand) => void;
  readonly setActive: (index: number) => void;
}

/** The palette's state over the composer draft. */
export function useCommandPalette(
  draft: Signal<string>,
  onRun: (text: string) => void,
): CommandPalette {
  const [activeIndex, setActiveIndex] = useState(0);
  // Escape closes the palette for the text it was pressed on; typing opens it again.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const typed = typedCommandName(draft.value);
  const matches = typed === null ? [] : matchCommands(typed);
  const isOpen = typed !== null && dismissedAt !== draft.value && matches.length > 0;
  const index = Math.min(activeIndex, Math.max(0, matches.length - 1));
  const active = isOpen ? matches[index] : undefined;
  const pick = (command: SlashCommand) => {
    setActiveIndex(0);
    if (command.takesArgument) draft.value = `/${command.name} `;
    else {
      draft.value = '';
      onRun(`/${command.name}`);
    }
  };
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!isOpen || event.isComposing) return false;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      setActiveIndex((index + step + matches.length) % matches.length);
    } else if (event.key === 'Escape') {
      setDismissedAt(draft.value);
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      if (active) pick(active);
    } else return false;
    event.preventDefault();
    return true;
  };
  return {
    isOpen,
    matches,
    active,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? PALETTE_ID : undefined,
      'aria-activedescendant': active ? optionId(active) : undefined,
    },
    onKeyDown,
    pick,
    setActive: setActiveIndex,
  };
}

/** The listbox, placed above the composer input. */
export function CommandPaletteList({
  palette,
  anchor,
  list,
}: {
  readonly palette: CommandPalette;
  readonly anchor: RefObject<HTMLElement | null>;
  readonly list: RefObject<HTMLUListElement | null>;
}) {
  usePopover(anchor, list, palette.isOpen, 'top-start');
  if (!palette.isOpen) return null;
  return (
    <ul
      ref={list}
      id={PALETTE_ID}
      class="popover command-palette"
      role="listbox"
      aria-label="Commands"
      data-testid="command-palette"
    >
      {palette.matches.map((command, index) => (
        <li
          key={command.name}
          id={optionId(command)}
          role="option"
          aria-selected={command === palette.active}
          class={`command-option${command === palette.active ? ' is-active' : ''}`}
          data-testid={`command-${command.name}`}
          // The input keeps focus: a pointer down here must not blur it.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => palette.setActive(index)}
          onClick={() => palette.pick(command)}
        >
          <span class="command-usage">{command.usage}</span>
          <span class="command-summary">{command.summary}</span>
        </li>
      ))}
    </ul>
  );
}
