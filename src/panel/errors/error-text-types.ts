// The shape of a person-facing error text: what happened and what to do next, and
// the actions the panel can offer for it.

/** Something the person can do about an error, where the panel has a way to do it. */
export type ErrorAction = 'retry' | 'settings' | 'continue';

/** What the texts may mention about where the error happened. */
export interface ErrorContext {
  /** Host (and port) of the model the chat uses, e.g. "127.0.0.1:11434". */
  readonly modelHost?: string | undefined;
  /** Steps a run took before it stopped, when the error says so. */
  readonly steps?: number | undefined;
  /** The person's step cap, when a run stopped at it. */
  readonly maxSteps?: number | undefined;
  /** The US-dollar limit a run paused at, when a cost limit stopped it. */
  readonly costLimit?: number | undefined;
}

/** One code's text: plain words, or words that name the model's address, with its actions. */
export type ErrorTextEntry =
  | string
  | {
      readonly text: string | ((context: ErrorContext) => string);
      readonly actions?: readonly ErrorAction[];
    };
