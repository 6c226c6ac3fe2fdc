// ## Owns
// The type of PDF.js's worker module, which ships without one: only its message
// handler is used, and only to hand it to PDF.js (pdf-text.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
