// codemirror-lang-typst is a wasm-bindgen *bundler* build: it does
// `import * as wasm from "./typst_syntax_bg.wasm"`. esbuild cannot load that by itself, so
// this plugin turns the import into bytes plus a top-level-await instantiation (ESM output only).
import fs from 'node:fs';
import path from 'node:path';

export const wasmEsmPlugin = {
  name: 'wasm-esm',
  setup(build) {
    build.onResolve({ filter: /\.wasm$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path),
      namespace: 'wasm-esm',
    }));
    build.onResolve({ filter: /\.wasm\?bytes$/ }, (args) => ({
      path: args.path.replace(/\?bytes$/, ''),
      namespace: 'wasm-bytes',
    }));
    build.onLoad({ filter: /.*/, namespace: 'wasm-bytes' }, (args) => ({
      contents: fs.readFileSync(args.path),
      loader: 'binary',
    }));
    build.onLoad({ filter: /.*/, namespace: 'wasm-esm' }, (args) => {
      const mod = new WebAssembly.Module(fs.readFileSync(args.path));
      const dir = path.dirname(args.path);
      const imports = [...new Set(WebAssembly.Module.imports(mod).map((i) => i.module))];
      let js = `import bytes from ${JSON.stringify(args.path + '?bytes')};\n`;
      imports.forEach((m, i) => {
        js += `import * as i${i} from ${JSON.stringify(path.resolve(dir, m))};\n`;
      });
      const importObject = imports.map((m, i) => `${JSON.stringify(m)}: i${i}`).join(',');
      js += `const { instance } = await WebAssembly.instantiate(bytes, {${importObject}});\n`;
      for (const e of WebAssembly.Module.exports(mod))
        js += `export const ${e.name} = instance.exports.${e.name};\n`;
      return { contents: js, loader: 'js', resolveDir: dir };
    });
  },
};
