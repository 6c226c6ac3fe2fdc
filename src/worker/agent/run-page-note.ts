// ## Owns
// The first message of a run on a site whose runs work on web pages: the address and
// title of the run's tab, so a question about "this page" needs no read first. The
// title is the page's own words, so the note says it is page data.
import type { ModelMessage } from '../providers/model-adapter';
import type { RunContext } from './run-context';
import { addUserText } from './user-parts';

const MAX_NOTE_TITLE_CHARS = 200;

/** The page note, or null when the page did not answer (the run reads it itself then). */
export async function pageNoteOf(run: RunContext): Promise<string | null> {
  const answer = await run.deps.pages
    .request(run.currentTabId(), 'page/get-context', {}, { signal: run.signal })
    .catch(() => null);
  if (!answer?.ok) return null;
  const { url, title } = answer.data;
  const page = JSON.stringify({ url, title: title.slice(0, MAX_NOTE_TITLE_CHARS) });
  return `[Untrusted page context: the tab this message was sent from; its title is the page's own text]\n${page}`;
}

/** Puts `note` before the person's words in the last user message. */
export function addPageNote(messages: ModelMessage[], note: string | null): void {
  if (note !== null) addUserText(messages, note, 'before-words');
}
