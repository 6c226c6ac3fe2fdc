// The panel shell. For now it shows which site the panel serves and can read the
// page context through the worker; chat, settings and sessions plug in here.
import { signal } from '@preact/signals';
import type { TabSite } from '../../shared/protocol/panel-to-worker';
import type { PageContext } from '../../shared/protocol/page-context';
import type { ProtocolError } from '../../shared/protocol/envelope';
import { worker } from '../worker-client';

export const site = signal<TabSite | null>(null);
export const context = signal<PageContext | null>(null);
export const lastError = signal<ProtocolError | null>(null);

export async function readPageContext(): Promise<void> {
  const current = site.value;
  if (!current) return;
  const result = await worker.request('page/get-context', { tabId: current.tabId });
  if (result.ok) {
    context.value = result.data;
    lastError.value = null;
  } else {
    lastError.value = result.error;
  }
}

export function App() {
  const current = site.value;
  const page = context.value;
  const error = lastError.value;
  return (
    <main class="panel" aria-label="Side Agent">
      <header class="panel-header">
        <h1>Side Agent</h1>
      </header>
      {current?.siteId === 'typst' ? (
        <section aria-label="Typst project">
          <p data-testid="site">typst.app project {current.projectId ?? '(no project open)'}</p>
          <button type="button" data-testid="read-context" onClick={() => void readPageContext()}>
            Read page
          </button>
        </section>
      ) : (
        <p data-testid="site" role="status">
          Open a typst.app project to co-author Typst documents here.
        </p>
      )}
      {page ? (
        <p data-testid="context" role="status">
          {page.fileLabel ?? 'Unknown file'} · {page.editor ? `${page.editor.length} characters, ${page.editor.lineCount} lines` : 'no editor'}
        </p>
      ) : null}
      {error ? (
        <p data-testid="error" role="alert">
          [{error.code}] {error.message}
        </p>
      ) : null}
    </main>
  );
}
