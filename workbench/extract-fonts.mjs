// Extracts typst's 17 default fonts from the native typst.ts node addon, which embeds them
// as plain sfnt blobs. typst.ts would otherwise download the same files from a CDN, and the
// workbench must never leave the machine (see recipe-typst-workbench.md, "Fonts").
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ADDON =
  '@myriaddreamin/typst-ts-node-compiler-linux-x64-gnu/typst-ts-node-compiler.linux-x64-gnu.node';

// Reads the sfnt table directory at `off`; returns the font's end and PostScript name, or null
// when the bytes there only look like a font header by accident.
function readFont(data, off) {
  const tableCount = data.readUInt16BE(off + 4);
  if (tableCount < 8 || tableCount > 40) return null;
  let end = 0;
  const tags = [];
  for (let i = 0; i < tableCount; i++) {
    const rec = off + 12 + i * 16;
    const tag = data.toString('latin1', rec, rec + 4);
    if (!/^[A-Za-z0-9/ ]{4}$/.test(tag)) return null;
    const start = data.readUInt32BE(rec + 8);
    const length = data.readUInt32BE(rec + 12);
    if (start > 50e6 || length > 50e6) return null;
    end = Math.max(end, start + length);
    tags.push(tag);
  }
  if (!tags.includes('name') || !tags.includes('cmap')) return null;
  const nameRec = off + 12 + tags.indexOf('name') * 16;
  const nameTable = off + data.readUInt32BE(nameRec + 8);
  const count = data.readUInt16BE(nameTable + 2);
  const strings = nameTable + data.readUInt16BE(nameTable + 4);
  for (let i = 0; i < count; i++) {
    const rec = nameTable + 6 + i * 12;
    // Windows platform (3), name id 6 = PostScript name, stored as UTF-16BE.
    if (data.readUInt16BE(rec) === 3 && data.readUInt16BE(rec + 6) === 6) {
      const start = strings + data.readUInt16BE(rec + 10);
      const name = Buffer.from(data.subarray(start, start + data.readUInt16BE(rec + 8)))
        .swap16()
        .toString('utf16le');
      return { end: (end + 3) & ~3, name };
    }
  }
  return null;
}

/** Writes the fonts into `outDir` plus an `index.json` listing the file names. */
export function extractFonts(outDir) {
  const data = fs.readFileSync(require.resolve(ADDON));
  fs.mkdirSync(outDir, { recursive: true });
  const names = new Set();
  for (const magic of [Buffer.from('OTTO'), Buffer.from([0, 1, 0, 0])]) {
    for (let i = data.indexOf(magic); i !== -1; i = data.indexOf(magic, i + 1)) {
      const font = readFont(data, i);
      if (!font) continue;
      const file = `${font.name.replace(/[^A-Za-z0-9-]/g, '')}.${magic[0] === 0x4f ? 'otf' : 'ttf'}`;
      fs.writeFileSync(path.join(outDir, file), data.subarray(i, i + font.end));
      names.add(file);
    }
  }
  const list = [...names].sort();
  fs.writeFileSync(path.join(outDir, 'index.json'), JSON.stringify(list));
  return list;
}

// CLI only when run as this file (bundlers inline it elsewhere, where import.meta changes).
if (path.basename(process.argv[1] ?? '') === 'extract-fonts.mjs') {
  console.log(extractFonts(process.argv[2] ?? 'fonts').join('\n'));
}
