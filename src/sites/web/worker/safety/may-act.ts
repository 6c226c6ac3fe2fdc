// ## Owns
// The one answer to "may the agent do this on the page without asking the person
// first?" for the web face's actions. Everything it reads is gathered by the caller:
// the control as the page shows it (role, accessible name, its form, a price near
// it), the run (its site, the person's own words in the chat, the links the page
// shows, what earlier tool results read from which origin). It decides and words the
// question; it never touches the page.
// ## The rules
// 1. A script on the page always asks, every time.
// 2. A consequential control asks (buy, pay, send, post, delete, transfer, a payment
//    or account form, a form that changes something on the site), unless the person
//    allowed that kind of action for this run.
// 3. Going to (or submitting a form to) an address whose origin is not the run's
//    site, not named by the person in this chat, and not a link the page shows asks,
//    with the full address, unless the person allowed that origin for this run.
// 4. Typing text that an earlier tool result read from another origin's page (and the
//    person did not write) asks: a page must not be able to make the agent carry data
//    to another site.
// 5. Pressing a submit-like control again on the same page within 45 s of pressing it
//    asks every time (no run grant waives it): the first press may still be on its way.
import type { CallReview } from '../../../../worker/tools/define-tool';
import {
  CONSEQUENCE_REASON,
  consequenceOfName,
  looksLikeAccountForm,
  type Consequence,
} from './consequence-words';
import { repeatedPress, type PressRecord } from './duplicate-submit';

/** A control as the page shows it. */
export interface ControlFacts {
  readonly role: string;
  readonly name: string;
  /** Pressing it (or Enter in it) submits a form. */
  readonly submitsForm: boolean;
  /** The form's method ('get' / 'post' / 'dialog'), or null outside a form. */
  readonly formMethod: string | null;
  /** The absolute address the form goes to, or null. */
  readonly formAction: string | null;
  /** The form's name and its fields' names, types, labels and autocomplete hints. */
  readonly formWords: string;
  /** A price shown with the control (its own text, its row, its form), e.g. "$129.00". */
  readonly price: string | null;
  /** For a link: the absolute address it goes to. */
  readonly href: string | null;
}

/** What the agent is about to do. */
export type ProposedAction =
  | {
      readonly kind: 'press';
      /** How: a click, Enter, checking, choosing an option. */
      readonly verb: string;
      readonly control: ControlFacts;
    }
  | {
      readonly kind: 'type';
      readonly text: string;
      readonly field: ControlFacts;
      readonly submit: boolean;
    }
  | { readonly kind: 'navigate'; readonly url: string }
  | { readonly kind: 'script'; readonly summary: string };

/** Text an earlier tool result of this run carried, and the origin it was read from. */
export interface Observation {
  readonly origin: string;
  readonly text: string;
}

/** What the run knows, all gathered by the caller. */
export interface RunFacts {
  /** The address of the page the action happens on. */
  readonly pageUrl: string;
  /** The run's site (its chat scope's origin). */
  readonly siteOrigin: string;
  /** What the person typed in this chat. */
  readonly personText: readonly string[];
  /** Whether the page shows a link to exactly this address (asked for navigations). */
  readonly linkShown: (url: string) => boolean;
  readonly observations: readonly Observation[];
  /** Presses of this run that landed, oldest first (absent: none). */
  readonly presses?: readonly PressRecord[];
  /** Date.now() of the decision (absent: now). */
  readonly now?: number;
}

export type ActVerdict = Exclude<CallReview, { ask: 'refused' }>;

/** Shortest typed text that counts as carried data (shorter strings match by chance). */
const MIN_CARRIED_CHARS = 6;
const MAX_QUOTE_CHARS = 80;

const quote = (text: string) =>
  text.length > MAX_QUOTE_CHARS ? `${text.slice(0, MAX_QUOTE_CHARS - 1)}\u2026` : text;

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Whether the person named this origin in the chat (a URL or its bare host). */
export function personNamed(origin: string, personText: readonly string[]): boolean {
  const host = new URL(origin).host.toLowerCase();
  const bare = host.replace(/^www\./, '');
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}.-])(https?://)?(www\\.)?${bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}-])`,
    'iu',
  );
  return personText.some((text) => pattern.test(text));
}

/** The consequence of pressing a control, or null. */
function consequenceOf(control: ControlFacts): Consequence | null {
  const byName = consequenceOfName(control.name);
  if (byName) return byName;
  if (!control.submitsForm) return null;
  if (looksLikeAccountForm(`${control.formWords} ${control.formAction ?? ''}`)) return 'account';
  // A form that reads (a search, a filter) goes by GET; one that changes the site posts.
  return control.formMethod === 'get' ? null : 'submit';
}

/** Why an address is outside the run, or null when it is inside. */
function foreignOrigin(url: string, run: RunFacts): string | null {
  const origin = originOf(url);
  // An address that is not http(s) (javascript:, data:) is never ours to follow.
  if (origin === null) return 'unknown';
  if (origin === run.siteOrigin || origin === originOf(run.pageUrl)) return null;
  if (personNamed(origin, run.personText)) return null;
  if (run.linkShown(url)) return null;
  return origin;
}

const asks = (
  effect: string,
  reason: string,
  grantKey: string | null,
  destination = '',
): ActVerdict => ({ ask: true, effect, reason, destination, grantKey });

function controlLabel(control: ControlFacts) {
  return control.name ? `'${quote(control.name)}'` : `the ${control.role || 'element'}`;
}

function reviewPress(
  control: ControlFacts,
  verb: string,
  run: RunFacts,
  typed: string | null,
): ActVerdict {
  const host = hostOf(run.pageUrl);
  const price = control.price ? ` \u2014 ${control.price}` : '';
  const what =
    typed === null
      ? `${verb} ${controlLabel(control)} on ${host}${price}`
      : `Type "${quote(typed)}" into ${controlLabel(control)} on ${host} and press Enter${price}`;
  const now = run.now ?? Date.now();
  const repeated = repeatedPress(control, run.pageUrl, run.presses ?? [], now);
  if (repeated) {
    const seconds = Math.max(1, Math.round((now - repeated.at) / 1_000));
    return asks(
      what,
      `It was pressed on this page ${seconds} s ago; pressing it again may submit a second time.`,
      null,
    );
  }
  const consequence = consequenceOf(control);
  if (consequence)
    return asks(what, CONSEQUENCE_REASON[consequence], `web:consequential:${consequence}`);
  const goesTo = control.submitsForm ? control.formAction : control.href;
  if (goesTo) {
    const foreign = foreignOrigin(goesTo, run);
    if (foreign)
      return asks(
        what,
        `It goes to ${hostOf(goesTo)}, a site you have not named in this chat.`,
        foreign === 'unknown' ? null : `web:origin:${foreign}`,
        goesTo,
      );
  }
  return { ask: false };
}

/** Text the agent would type that it read on another origin's page, or null. */
function carriedFrom(text: string, run: RunFacts): string | null {
  const typed = text.trim();
  if (typed.length < MIN_CARRIED_CHARS) return null;
  if (run.personText.some((said) => said.includes(typed))) return null;
  const here = originOf(run.pageUrl);
  const source = run.observations.find(
    (observation) => observation.origin !== here && observation.text.includes(typed),
  );
  return source?.origin ?? null;
}

/** May the agent do `action` without asking? If not, what to ask, in plain words. */
export function mayActWithoutAsking(action: ProposedAction, run: RunFacts): ActVerdict {
  switch (action.kind) {
    case 'script':
      return asks(
        `Run a script on ${hostOf(run.pageUrl)}: ${quote(action.summary)}`,
        'A script can read and change anything on the page, so it always asks.',
        null,
      );
    case 'navigate': {
      const foreign = foreignOrigin(action.url, run);
      if (!foreign) return { ask: false };
      return asks(
        `Go to ${action.url}`,
        foreign === 'unknown'
          ? 'It is not a web address Side Agent follows on its own.'
          : `It leaves for ${hostOf(action.url)}, a site you have not named in this chat and that this page does not link to.`,
        foreign === 'unknown' ? null : `web:origin:${foreign}`,
        action.url,
      );
    }
    case 'type': {
      const source = carriedFrom(action.text, run);
      if (source) {
        return asks(
          `Type "${quote(action.text)}" into ${controlLabel(action.field)} on ${hostOf(run.pageUrl)}`,
          `That text was read on ${hostOf(source)}, another site; typing it here carries it over.`,
          null,
        );
      }
      return action.submit
        ? reviewPress(action.field, 'Press Enter in', run, action.text)
        : { ask: false };
    }
    case 'press':
      return reviewPress(action.control, action.verb, run, null);
    default: {
      const unknown: never = action;
      void unknown;
      return asks('Do something on the page', 'Side Agent does not know this action.', null);
    }
  }
}
