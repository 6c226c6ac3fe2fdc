/** Writes typst's 17 default fonts and an index.json into `outDir`; returns the file names. */
export function extractFonts(outDir: string): string[];
