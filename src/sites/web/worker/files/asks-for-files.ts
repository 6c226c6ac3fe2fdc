// Whether the person's words in a chat call for files: downloading, a PDF, a
// document to save or read back. The file tools are offered only then (or on a PDF
// tab, see read-pdf.tool.ts), so an ordinary web run's first request stays small.

const FILE_WORDS =
  /\b(download\w*|pdfs?|files?|attachments?|documents?|save\w*|invoices?|reports?|csv|spreadsheets?)\b|\.(pdf|csv|txt|docx?|xlsx?|zip)\b/i;

export function asksForFiles(personText: readonly string[]): boolean {
  return personText.some((text) => FILE_WORDS.test(text));
}
