// A packaged skill with instructions only: how to summarise a page or a document.
// It arrives turned off; the person turns it on in Settings → Skills.
export const PLAIN_SUMMARIES_SKILL = {
  id: 'plain-summaries',
  text: `# Plain summaries

When the person asks for a summary, start with one sentence that says what the page
or document is for. Then give at most five bullet points with the facts that matter
to them: numbers, dates, names and decisions. Say what is missing or unclear instead
of guessing, and quote the original words for anything legal or medical.
`,
} as const;
