// Importing a skill: a Markdown file or pasted text. The file size is checked
// before a byte is read; the worker judges the text and refuses it whole with
// plain words (too large, malformed, duplicated, scripts, secrets, bad manifest).
import { useId, useState } from 'preact/hooks';
import { MAX_SKILL_REQUEST_CHARS } from '../../../shared/protocol/skill-messages';
import type { SkillClient } from '../../commands/slash-command';
import { formatBytes } from '../../sessions/session-groups';
import { formatError } from '../form-field';

/** The worker's own limit is smaller; this only keeps a huge file from being read. */
const MAX_FILE_BYTES = MAX_SKILL_REQUEST_CHARS;

/** Props of {@link SkillImport}. */
export interface SkillImportProps {
  readonly client: SkillClient;
  readonly onImported: (name: string) => void;
}

/** File and paste import, with the result line. */
export function SkillImport({ client, onImported }: SkillImportProps) {
  const fileId = useId();
  const [paste, setPaste] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submit = async (text: string): Promise<boolean> => {
    setBusy(true);
    const result = await client.request('skills/import', { text });
    setBusy(false);
    if (!result.ok) {
      setStatus({ ok: false, text: `Import refused: ${formatError(result.error)}` });
      return false;
    }
    const skill = result.data.skills.find((entry) => entry.id === result.data.importedId);
    const name = skill?.name ?? 'The skill';
    setStatus({ ok: true, text: `Imported "${name}". It is off until you turn it on.` });
    onImported(name);
    return true;
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES)
      return setStatus({
        ok: false,
        text: `This file is ${formatBytes(file.size)}; a skill file is at most 64 KiB. Nothing was imported.`,
      });
    await submit(await file.text());
  };
  return (
    <section class="sa-transfer" aria-label="Import a skill">
      <div class="sa-row">
        <label for={fileId} class="sa-file-label">
          Import skill file…
        </label>
        <input
          id={fileId}
          type="file"
          accept=".md,.markdown,text/markdown,text/plain"
          disabled={isBusy}
          data-testid="skill-import-file"
          onChange={(event) => void importFile(event.currentTarget)}
        />
      </div>
      <label class="sa-field">
        <span>Or paste a skill (Markdown with an optional side-agent-tools block)</span>
        <textarea
          rows={6}
          value={paste}
          data-testid="skill-paste"
          onInput={(event) => setPaste(event.currentTarget.value)}
        />
      </label>
      <div class="sa-row">
        <button
          type="button"
          data-testid="skill-paste-import"
          disabled={isBusy || paste.trim() === ''}
          onClick={async () => {
            if (await submit(paste)) setPaste('');
          }}
        >
          Import pasted skill
        </button>
      </div>
      {status ? (
        <p
          class={status.ok ? 'sa-hint' : 'sa-field-error'}
          role={status.ok ? 'status' : 'alert'}
          data-testid="skill-import-status"
        >
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
