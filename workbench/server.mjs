// The workbench server: serves the page at /project/<id> for any id, its assets under
// /__workbench/, and the fixture projects as JSON. Tests run it over HTTPS and map
// https://typst.app to it; `npm run workbench` runs it over plain HTTP for a person.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { buildWorkbench, CM_VARIANTS } from './build.mjs';

const here = import.meta.dirname;
const publicDir = path.join(here, 'public');
const projectsDir = path.join(here, 'project');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.otf': 'font/otf',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};
const BINARY = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.pdf',
  '.otf',
  '.ttf',
  '.woff',
  '.woff2',
]);

function readProjects() {
  return JSON.parse(fs.readFileSync(path.join(projectsDir, 'projects.json'), 'utf8'));
}

/** Known id, or a project name in any letter case; anything else opens the first project. */
function findProject(idOrName) {
  const projects = readProjects();
  const wanted = idOrName.toLowerCase();
  return projects.find((p) => p.id === idOrName || p.name.toLowerCase() === wanted) ?? projects[0];
}

function listFiles(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix + entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${rel}/`) : [rel];
  });
}

function projectJson(project) {
  const dir = path.join(projectsDir, project.dir);
  const files = listFiles(dir).map((rel) => {
    const full = path.join(dir, rel);
    const stat = fs.statSync(full);
    const data = fs.readFileSync(full);
    const common = { path: rel, size: stat.size, lastModified: stat.mtime.toISOString() };
    return BINARY.has(path.extname(rel).toLowerCase())
      ? { ...common, base64: data.toString('base64') }
      : { ...common, text: data.toString('utf8') };
  });
  return {
    id: project.id,
    name: project.name,
    account: project.account,
    main: project.main,
    files,
  };
}

/** Resolves `rel` inside `root`, or null when it would escape it. */
function inside(root, rel) {
  const full = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
  return full.startsWith(root + path.sep) ? full : null;
}

function pageHtml(variant) {
  return `<!doctype html>
<html lang="en" data-cm-variant="${variant}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Typst</title>
<link rel="stylesheet" href="/__workbench/workbench.css">
<script type="module" src="/__workbench/generated/${variant}/main.js"></script>
</head>
<body><div id="app"></div></body>
</html>
`;
}

function send(res, status, type, body) {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-cache',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

// Static files revalidate with Last-Modified, so a second page load answers 304 and Chromium
// can reuse its cached wasm code instead of compiling 28 MB again.
function sendFile(req, res, full) {
  if (!full || !fs.existsSync(full) || !fs.statSync(full).isFile())
    return send(res, 404, 'text/plain', 'not found');
  const stat = fs.statSync(full);
  const lastModified = stat.mtime.toUTCString();
  const headers = { 'cache-control': 'no-cache', 'last-modified': lastModified };
  if (req.headers['if-modified-since'] === lastModified) {
    res.writeHead(304, headers);
    return res.end();
  }
  const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, { ...headers, 'content-type': type, 'content-length': stat.size });
  if (req.method === 'HEAD') return res.end();
  fs.createReadStream(full).pipe(res);
}

function handler(defaultVariant) {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://workbench');
    const pathname = decodeURIComponent(url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain', 'method not allowed');
    if (pathname === '/' || pathname === '/project' || pathname === '/project/') {
      res.writeHead(302, { location: `/project/${readProjects()[0].id}${url.search}` });
      return res.end();
    }
    if (/^\/project\/[^/]+\/?$/.test(pathname)) {
      const asked = url.searchParams.get('cm');
      const variant = asked && asked in CM_VARIANTS ? asked : defaultVariant;
      return send(res, 200, 'text/html; charset=utf-8', pageHtml(variant));
    }
    const file = /^\/__workbench\/api\/project\/([^/]+)\/file\/(.+)$/.exec(pathname);
    if (file)
      return sendFile(req, res, inside(path.join(projectsDir, findProject(file[1]).dir), file[2]));
    const project = /^\/__workbench\/api\/project\/([^/]+)$/.exec(pathname);
    if (project)
      return send(
        res,
        200,
        'application/json; charset=utf-8',
        JSON.stringify(projectJson(findProject(project[1]))),
      );
    if (pathname.startsWith('/__workbench/'))
      return sendFile(req, res, inside(publicDir, pathname.slice('/__workbench/'.length)));
    if (pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');
    return send(res, 404, 'text/plain', 'not found');
  };
}

/**
 * Builds the page if needed and serves it.
 * options: { https?: {key, cert}, port = 0, host = '127.0.0.1', cmVariant = 'current', build = true }
 * returns: { port, origin, close() }
 */
export async function startWorkbench(options = {}) {
  const { port = 0, host = '127.0.0.1', cmVariant = 'current', build = true } = options;
  if (!(cmVariant in CM_VARIANTS)) throw new Error(`unknown cmVariant ${cmVariant}`);
  if (build) await buildWorkbench();
  const listener = handler(cmVariant);
  const server = options.https
    ? https.createServer({ key: options.https.key, cert: options.https.cert }, listener)
    : http.createServer(listener);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  const origin = `${options.https ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return {
    port: actualPort,
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
