#!/usr/bin/env node
// `npm start`: build the extension, serve the Typst workbench as https://typst.app
// and open Chromium with the extension loaded. See README.md for the options.
import { runTs } from './run-ts.mjs';

await runTs('scripts/start/start-app.ts', 'start-app');
