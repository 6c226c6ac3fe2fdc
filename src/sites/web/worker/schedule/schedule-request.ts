// ## Owns
// The one answer to "did the person ask for scheduled work in this chat?", which
// decides whether a run offers schedule_task and schedule_resume. Every other run's
// request stays as small as before, and a model cannot schedule work nobody asked
// for. Only the person's own messages count (never page text or tool results).
// ## Why words
// The person says it in their own words ("every morning", "in 10 minutes", "remind
// me", "/schedule"); these patterns are English, as the rest of the web prompt is.

const ASKS_FOR_SCHEDULE: readonly RegExp[] = [
  /(^|\s)\/schedule\b/i,
  /\bschedul(e|ed|ing)\b/i,
  /\b(recurring|repeatedly|periodically)\b/i,
  /\b(hourly|daily|weekly|monthly|nightly)\b/i,
  /\bevery\s+(\d+\s+)?(minute|hour|day|week|month|morning|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/i,
  /\bin\s+\d+\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hrs?|hours?|days?)\b/i,
  /\b(remind me|check back|come back|later today|tomorrow)\b/i,
  /\bat\s+\d{1,2}(:\d{2})?\s*(am|pm)?\b(?!\s*%)/i,
];

/** The turn a scheduled task's run starts with: the stored prompt, not the person now. */
const SCHEDULED_TASK_TURN = /^\[Scheduled task: /;

/**
 * Whether any of the person's messages in this chat asks for work at a later time. A
 * task's own run does not count, so a stored prompt cannot keep scheduling more.
 */
export function asksForScheduledWork(personText: readonly string[]): boolean {
  return personText.some(
    (text) =>
      !SCHEDULED_TASK_TURN.test(text) && ASKS_FOR_SCHEDULE.some((pattern) => pattern.test(text)),
  );
}
