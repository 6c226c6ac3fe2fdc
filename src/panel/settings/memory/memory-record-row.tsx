// One remembered record in Settings → Memory: its text (plain text, never
// Markdown), where it applies and how it came, with Edit and Delete.
import { useState } from 'preact/hooks';
import type { MemoryRecord } from '../../../shared/protocol/memory-messages';

const SOURCE_WORDS = { explicit: 'you said', learned: 'suggested' } as const;

/** Props of {@link MemoryRecordRow}. */
export interface MemoryRecordRowProps {
  readonly record: MemoryRecord;
  /** Resolves to an error text, or null when saved. */
  readonly onSave: (text: string) => Promise<string | null>;
  readonly onDelete: () => void;
}

/** A record with its actions. */
export function MemoryRecordRow({ record, onSave, onDelete }: MemoryRecordRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const where = record.scope === 'global' ? 'Every site' : record.scope;
  const state = record.archivedAt === null ? '' : 'Forgotten \u00b7 ';
  const save = async () => {
    if (draft === null) return;
    const problem = await onSave(draft);
    setError(problem);
    if (problem === null) setDraft(null);
  };
  return (
    <li class="sa-list-item" data-memory-id={record.id} data-testid="memory-record">
      {draft === null ? (
        <span class="sa-grow">
          <span data-testid="memory-text">{record.text}</span>
          <span class="sa-hint sa-preview">{`${state}${record.id} \u00b7 ${where} \u00b7 ${SOURCE_WORDS[record.source]}`}</span>
        </span>
      ) : (
        <span class="sa-grow">
          <input
            type="text"
            value={draft}
            aria-label={`Edit memory ${record.id}`}
            data-testid="memory-edit-input"
            onInput={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
              if (event.key === 'Escape') setDraft(null);
            }}
          />
          {error ? (
            <span class="sa-field-error" role="alert">
              {error}
            </span>
          ) : null}
        </span>
      )}
      {draft === null ? (
        <button
          type="button"
          aria-label={`Edit memory ${record.id}`}
          onClick={() => setDraft(record.text)}
        >
          Edit
        </button>
      ) : (
        <button type="button" data-testid="memory-edit-save" onClick={() => void save()}>
          Save
        </button>
      )}
      <button
        type="button"
        aria-label={`Delete memory ${record.id}`}
        data-testid="memory-delete"
        onClick={onDelete}
      >
        Delete
      </button>
    </li>
  );
}
