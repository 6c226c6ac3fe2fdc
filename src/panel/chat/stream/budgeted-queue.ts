/**
 * ## Work spread across animation frames within a time budget
 *
 * Replaying a stored answer renders all of its Markdown; a 77,000-char answer parsed
 * and sanitized in one go is a 100+ ms task.
 * Jobs here do one small step per call and are run each frame until the frame's budget
 * is spent, so opening a chat with long answers never blocks the panel for long.
 * Newest jobs run first: the transcript opens at its end, so the latest turn (the one
 * in view) is rendered before older ones above it.
 */
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

/** One step of a job; returns true when the job is finished. */
export type BudgetedStep = () => boolean;

/** Options for {@link BudgetedQueue}. */
export interface BudgetedQueueOptions {
  /** @default animationFrameScheduler */
  readonly scheduler?: FrameScheduler;
  /** Work per frame, in ms: well under 50 ms, leaving room for layout and paint. @default 8 */
  readonly budgetMs?: number;
  /** The clock (tests). @default performance.now */
  readonly now?: () => number;
}

/** Runs step functions across frames, newest job first, within a per-frame budget. */
export class BudgetedQueue {
  private readonly jobs: BudgetedStep[] = [];
  private readonly scheduler: FrameScheduler;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private frame: number | null = null;

  constructor(options: BudgetedQueueOptions = {}) {
    this.scheduler = options.scheduler ?? animationFrameScheduler;
    this.budgetMs = options.budgetMs ?? 8;
    this.now = options.now ?? (() => performance.now());
  }

  /** Jobs not finished yet. */
  get size(): number {
    return this.jobs.length;
  }

  /** Adds a job; returns a function that cancels it (safe to call after it finished). */
  add(step: BudgetedStep): () => void {
    this.jobs.push(step);
    this.frame ??= this.scheduler.request(() => this.run());
    return () => {
      const index = this.jobs.indexOf(step);
      if (index >= 0) this.jobs.splice(index, 1);
    };
  }

  /** Runs every job to its end now (tests, or when the result is needed at once). */
  drain(): void {
    while (this.jobs.length > 0) this.runOne();
  }

  private run(): void {
    this.frame = null;
    const start = this.now();
    // At least one step per frame, so a slow step still makes progress.
    do this.runOne();
    while (this.jobs.length > 0 && this.now() - start < this.budgetMs);
    if (this.jobs.length > 0) this.frame = this.scheduler.request(() => this.run());
  }

  private runOne(): void {
    const step = this.jobs[this.jobs.length - 1];
    if (!step) return;
    let done = true;
    try {
      done = step();
    } catch (error) {
      console.warn('Side Agent: a stored answer could not be shown.', error);
    }
    if (done) {
      const index = this.jobs.lastIndexOf(step);
      if (index >= 0) this.jobs.splice(index, 1);
    }
  }
}

/** The panel's queue for replaying stored answers. */
export const storedReplayQueue = new BudgetedQueue();
