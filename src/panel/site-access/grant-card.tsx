// The card in the chat area on a page of a site the person has not allowed yet:
// "Allow Side Agent on news.example" with "Always allow" and "Only now", what allowing
// means in one sentence (the site's own words, from the catalog), and a plain answer
// when the browser's prompt was denied. "Only now" rides on the toolbar button's
// temporary access, so until the button was clicked on this tab the card says how to
// get it. Buttons call the controller straight from the click: it may open the
// browser's prompt, which needs the click's own user gesture.
import type { SiteGrantTexts } from '../../shared/protocol/site-catalog';
import type { AllowProblem, SiteAccessController } from './site-access-controller';
import './site-access.css';

/** A shield: the card asks for trust in a site. */
export function ShieldBadge() {
  return (
    <div class="grant-badge" aria-hidden="true">
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
      >
        <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
    </div>
  );
}

const fill = (template: string, host: string) => template.replaceAll('{host}', host);

function ProblemLine({
  problem,
  controller,
}: {
  readonly problem: AllowProblem;
  readonly controller: SiteAccessController;
}) {
  const text =
    problem.kind === 'denied'
      ? `Access to ${problem.host} was not given, so Side Agent read nothing there.`
      : problem.message;
  return (
    <p class="grant-problem" role="alert" data-testid="grant-problem">
      <span>{text}</span>{' '}
      <button
        type="button"
        class="link-button"
        disabled={controller.busy.value}
        data-testid="grant-retry"
        onClick={() => void controller.retry()}
      >
        Try again
      </button>
    </p>
  );
}

/** The grant card; renders only while the served tab needs the person's grant. */
export function GrantCard({
  controller,
  texts,
}: {
  readonly controller: SiteAccessController;
  readonly texts: SiteGrantTexts;
}) {
  const access = controller.access.value;
  if (access?.state !== 'needs-grant') return null;
  const problem = controller.problem.value;
  const busy = controller.busy.value;
  const titleId = 'grant-card-title';
  return (
    <section class="grant-card" aria-labelledby={titleId} data-testid="grant-card">
      <ShieldBadge />
      <h2 id={titleId} class="grant-title">
        {fill(texts.title, access.host)}
      </h2>
      <p class="grant-explanation">{fill(texts.explanation, access.host)}</p>
      <div class="grant-actions">
        <button
          type="button"
          class="primary"
          disabled={busy}
          data-testid="grant-always"
          onClick={() => void controller.allow('always')}
        >
          Always allow
        </button>
        <button
          type="button"
          disabled={busy || !access.activeTab}
          data-testid="grant-once"
          onClick={() => void controller.allow('once')}
        >
          Only now
        </button>
      </div>
      <p class="grant-note muted" data-testid="grant-note">
        {access.activeTab
          ? `Only now lasts while this tab stays on ${access.host}. You can revoke either in Settings \u2192 Sites.`
          : 'For Only now, click the Side Agent button in the toolbar while this tab is open. You can revoke a site in Settings \u2192 Sites.'}
      </p>
      {problem ? <ProblemLine problem={problem} controller={controller} /> : null}
    </section>
  );
}
