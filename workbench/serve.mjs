// `npm run workbench`: builds the page if needed and serves it over plain HTTP on localhost.
// Options: --port N (default 8123), --legacy (CodeMirror view 6.38.8, `cmView`).
import { startWorkbench } from './server.mjs';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : 8123;
const workbench = await startWorkbench({
  port,
  cmVariant: args.includes('--legacy') ? 'legacy' : 'current',
});
console.log(`Typst workbench: ${workbench.origin}/project/thesis   (Ctrl-C to stop)`);
process.on('SIGINT', () => void workbench.close().then(() => process.exit(0)));
