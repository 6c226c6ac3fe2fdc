export const generatedDir: string;
export const CM_VARIANTS: Record<'current' | 'legacy', Record<string, string>>;
/** Builds what is out of date; returns the rebuilt parts ('fonts', 'bundles'). */
export function buildWorkbench(options?: { force?: boolean }): Promise<string[]>;
