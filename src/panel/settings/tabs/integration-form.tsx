// The form state and pieces the Tools and MCP tabs share: the draft, trust and
// status; an edit that drops a cleartext consent when the address changes and
// untrusts the draft; host permission asked from the click itself (before any
// await, or Chrome refuses it); the refusal shown at the field the worker named;
// the consent checkbox; and the saved list with open and delete.
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { formatError } from '../form-field';
import type { RequestHostPermission } from '../host-permission';
import { needsCleartextConsent } from './tools-header-rows';

/** What both drafts have. */
export interface IntegrationDraft {
  readonly insecureOriginAcknowledged: string | null;
}

/** A refusal from the worker, as the client returns it. */
interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>> | undefined;
}

/** The shared form state over a draft whose address lives at `urlKey`. */
export function useIntegrationForm<Draft extends IntegrationDraft>(
  empty: Draft,
  urlKey: keyof Draft & string,
  requestPermission: RequestHostPermission,
) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [trusted, setTrusted] = useState(false);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [status, setStatus] = useState('');
  const url = String(draft[urlKey] ?? '');
  return {
    draft,
    setDraft,
    trusted,
    setTrusted,
    error,
    setError,
    status,
    setStatus,
    consentOrigin: needsCleartextConsent(url),
    /** Change fields; a new address drops the consent given for the old one. */
    edit(patch: Partial<Draft>) {
      setDraft((current) => ({
        ...current,
        ...patch,
        ...(patch[urlKey] !== undefined ? { insecureOriginAcknowledged: null } : {}),
      }));
      setTrusted(false);
    },
    /** Ask for the draft's origin; call it synchronously in the click handler. */
    permission(): Promise<boolean> {
      try {
        return requestPermission(new URL(url).origin);
      } catch {
        return Promise.resolve(false); // the worker reports the invalid URL
      }
    },
    /** Show a refusal at the field its `details.path` names. */
    refuse(refusal: Refusal, fallbackPath = '') {
      const path = refusal.details?.['path'];
      setError({
        path: typeof path === 'string' ? path : fallbackPath,
        message: formatError(refusal),
      });
    },
    /** Start over with `next` (a saved item, or the empty draft). */
    open(next: Draft = empty, isTrusted = false) {
      setDraft(next);
      setTrusted(isTrusted);
      setError(null);
    },
  };
}

/** The error at one field, if the worker named it. */
export function FieldError({
  message,
  id,
}: {
  readonly message: string | undefined;
  readonly id?: string | undefined;
}) {
  return message === undefined ? null : (
    <p class="sa-field-error" role="alert" id={id}>
      {message}
    </p>
  );
}

/** The "send over cleartext HTTP" consent for exactly `origin`. */
export function CleartextConsent({
  origin,
  acknowledged,
  onChange,
}: {
  readonly origin: string | null;
  readonly acknowledged: string | null;
  readonly onChange: (acknowledged: string | null) => void;
}) {
  if (!origin) return null;
  return (
    <label class="sa-check">
      <input
        type="checkbox"
        checked={acknowledged === origin}
        onChange={(event) => onChange(event.currentTarget.checked ? origin : null)}
      />
      Send data to {origin} over unencrypted HTTP
    </label>
  );
}

/** The saved items, each with its status, open on click, and Delete. */
export function IntegrationList<Item extends { readonly id: string; readonly name: string }>({
  items,
  describe,
  onOpen,
  onDelete,
  actions,
}: {
  readonly items: readonly Item[];
  readonly describe: (item: Item) => string;
  readonly onOpen: (item: Item) => void;
  readonly onDelete: (item: Item) => void;
  readonly actions?: (item: Item) => ComponentChildren;
}) {
  return (
    <ul class="sa-integration-list">
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" class="sa-link-button" onClick={() => onOpen(item)}>
            {item.name}
          </button>
          {/* The space keeps name and state apart in copied and read-out text. */}
          <span>{` ${describe(item)}`}</span>
          {actions?.(item)}
          <button type="button" onClick={() => onDelete(item)}>
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A checkbox with its text beside it, the label wrapping both. */
export function CheckField({
  name,
  checked,
  onChange,
  children,
}: {
  readonly name: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly children: ComponentChildren;
}) {
  return (
    <label class="sa-check">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

/** A labelled text input (or textarea) with the worker's error for it below. */
export function TextField({
  label,
  name,
  value,
  onInput,
  error,
  rows,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onInput: (value: string) => void;
  readonly error: string | undefined;
  /** Render a textarea with this many rows. */
  readonly rows?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = {
    id,
    name,
    value,
    'aria-describedby': error === undefined ? undefined : errorId,
    'aria-invalid': error === undefined ? undefined : true,
  };
  return (
    <div class="sa-field">
      <label for={id}>{label}</label>
      {rows === undefined ? (
        <input {...control} onInput={(event) => onInput(event.currentTarget.value)} />
      ) : (
        <textarea
          {...control}
          rows={rows}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
      )}
      <FieldError message={error} id={errorId} />
    </div>
  );
}
