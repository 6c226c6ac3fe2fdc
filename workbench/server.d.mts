export interface StartWorkbenchOptions {
  /** Serve over HTTPS (tests map https://typst.app here); plain HTTP when absent. */
  https?: { key: string | Buffer; cert: string | Buffer };
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Which @codemirror/view the page uses unless the URL says `?cm=`: 'current' (cmTile) or 'legacy' (cmView). */
  cmVariant?: 'current' | 'legacy';
  /** Build the page first if it is out of date (default true). */
  build?: boolean;
}
export interface RunningWorkbench {
  port: number;
  origin: string;
  close(): Promise<void>;
}
export function startWorkbench(options?: StartWorkbenchOptions): Promise<RunningWorkbench>;
