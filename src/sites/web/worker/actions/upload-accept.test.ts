import { describe, expect, it } from 'vitest';
import { acceptsFile } from './upload-accept';

describe('acceptsFile', () => {
  it('accepts anything when the input names no types', () => {
    expect(acceptsFile('', 'notes.bin', '')).toBe(true);
    expect(acceptsFile(' , ', 'notes.bin', '')).toBe(true);
  });

  it('matches extensions case-free, exact MIME types without parameters, and MIME families', () => {
    expect(acceptsFile('.csv, .txt', 'Report.CSV', 'application/octet-stream')).toBe(true);
    expect(acceptsFile('text/plain', 'notes', 'text/plain; charset=utf-8')).toBe(true);
    expect(acceptsFile('image/*', 'photo.heic', 'image/heic')).toBe(true);
  });

  it('refuses a file none of the tokens names', () => {
    expect(acceptsFile('image/*,.pdf', 'notes.txt', 'text/plain')).toBe(false);
    expect(acceptsFile('.csv', 'notes.csv.exe', 'application/x-msdownload')).toBe(false);
  });
});
