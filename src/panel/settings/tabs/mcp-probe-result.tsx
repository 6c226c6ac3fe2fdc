// The "Probe tools" result: negotiated revision (and whether it fell back), valid
// and rejected tools with reasons, pages and cache state. Server strings are text.
import { useEffect } from 'preact/hooks';
import type { McpProbeResult } from '../../../shared/protocol/integration-messages';
import { announcer } from '../../components/announcer';
import { formErrorText } from '../../errors/error-text';

/** Renders one probe result; a successful one is announced once (a failure is an alert). */
export function McpProbeResultView({ result }: { result: McpProbeResult }) {
  useEffect(() => {
    if (result.ok)
      announcer.announce(
        `Probe done: ${result.tools.length} tools found, ${result.rejected.length} rejected.`,
      );
  }, [result]);
  if (!result.ok) {
    return (
      <p class="sa-field-error" role="alert" data-code={result.code}>
        {formErrorText(result)}
      </p>
    );
  }
  return (
    <div class="sa-probe-result" data-testid="mcp-probe-result">
      <p>
        Protocol {result.negotiatedVersion}
        {result.isFallback ? ' (fallback: the server does not speak 2026-07-28)' : ''} ·{' '}
        {result.tools.length} valid, {result.rejected.length} rejected · {result.pages} page(s) ·
        cache {result.cache.status}, TTL {Math.round(result.cache.ttlMs / 1000)} s,{' '}
        {result.cache.scope}
      </p>
      <ul>
        {result.tools.map((tool) => (
          <li key={tool.visibleName}>
            <code>{tool.name}</code> as <code>{tool.visibleName}</code>: {tool.description}
          </li>
        ))}
      </ul>
      {result.rejected.length > 0 ? (
        <ul class="sa-probe-rejected">
          {result.rejected.map((tool, index) => (
            <li key={index}>
              <code>{tool.name}</code> [{tool.code}] {tool.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
