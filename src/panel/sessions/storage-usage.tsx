// How much the chats take, with the warning threshold the worker reports
// (8 MiB). Reloaded whenever the list changes.
import { useEffect, useState } from 'preact/hooks';
import { formatError } from '../settings/form-field';
import type { SessionsClient } from '../settings/panel-client';
import { formatBytes } from './session-groups';

/** Props of {@link StorageUsage}. */
export interface StorageUsageProps {
  readonly client: SessionsClient;
  /** Bumped by the parent after changes, to reload. */
  readonly revision: number;
}

/** One line of storage usage; a warning (role alert) when over the threshold. */
export function StorageUsage({ client, revision }: StorageUsageProps) {
  const [text, setText] = useState<{ value: string; isWarning: boolean } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void client.request('session/storage-usage', {}).then((result) => {
      if (!isCurrent) return;
      if (!result.ok)
        return setText({
          value: `Storage usage unavailable: ${formatError(result.error)}`,
          isWarning: false,
        });
      const { bytes, warningBytes, isOverWarning } = result.data;
      const value = `Chats use ${formatBytes(bytes)} (warning at ${formatBytes(warningBytes)}).`;
      setText(
        isOverWarning
          ? { value: `${value} Export and delete old chats to free space.`, isWarning: true }
          : { value, isWarning: false },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [client, revision]);
  if (text === null) return null;
  return (
    <p
      role={text.isWarning ? 'alert' : 'status'}
      class={text.isWarning ? 'sa-warning' : 'sa-hint'}
      data-testid="storage-usage"
    >
      {text.value}
    </p>
  );
}
