// The shape of one recorded model reply in the text tool-call corpus.

/** One expected call: the tool's name and its arguments as JSON. */
export interface ExpectedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export interface RecordedSample {
  /** The model family whose template the reply is in. */
  readonly family: string;
  /** Where it was recorded: project and file, or repository and issue number. */
  readonly source: string;
  /** The licence of the text it was taken from. */
  readonly licence: string;
  /** The raw reply. */
  readonly reply: string;
  /** The calls it must become; null when it must stay text. */
  readonly calls: readonly ExpectedCall[] | null;
  /** The prose left beside the calls (empty when none). */
  readonly rest?: string;
  /** Why it stays text, or what was changed in the recording. */
  readonly note?: string;
}
