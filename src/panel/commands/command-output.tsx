// What the last slash command said, as a local note under the chat: it is the
// panel's own text (records are shown as plain text, never as Markdown or HTML),
// it is not part of the chat and it is never sent to the model.
import { X } from 'lucide-preact';
import { IconButton } from '../components/icon-button';
import type { CommandOutput } from './slash-command';

/** Props of {@link CommandOutputNote}. */
export interface CommandOutputNoteProps {
  readonly output: CommandOutput;
  readonly onDismiss: () => void;
}

/** The note. */
export function CommandOutputNote({ output, onDismiss }: CommandOutputNoteProps) {
  return (
    <section
      class={`command-output${output.tone === 'error' ? ' is-error' : ''}`}
      aria-label="Command result (not sent to the model)"
      data-testid="command-output"
    >
      <div class="command-output-body" role="status">
        <p data-testid="command-output-text">{output.text}</p>
        {output.records && output.records.length > 0 ? (
          <ul class="command-records" data-testid="command-records">
            {output.records.map((record) => (
              <li key={record.id} data-memory-id={record.id}>
                <span>{record.text}</span>{' '}
                <span class="command-record-meta">
                  {record.id}
                  {record.scope === 'global' ? '' : ` \u00b7 ${record.scope}`}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {output.lines && output.lines.length > 0 ? (
          <ul class="command-records" data-testid="command-lines">
            {output.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <IconButton
        icon={X}
        label="Dismiss"
        data-testid="command-output-dismiss"
        onClick={onDismiss}
      />
    </section>
  );
}
