// The open project: its files, loaded from the workbench server, and edited in memory only
// (like an unsaved typst.app session; a reload starts from the fixtures again).

export interface ProjectFile {
  /** Project-relative path with "/" separators, e.g. "chapters/intro.typ". */
  path: string;
  kind: 'text' | 'binary';
  text: string;
  bytes: Uint8Array;
  size: number;
  lastModified: string;
}

export interface Project {
  id: string;
  name: string;
  account: string;
  mainPath: string;
  files: Map<string, ProjectFile>;
}

interface ProjectJson {
  id: string;
  name: string;
  account: string;
  main: string;
  files: { path: string; text?: string; base64?: string; size: number; lastModified: string }[];
}

function fromBase64(base64: string): Uint8Array {
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function loadProject(idOrName: string): Promise<Project> {
  const response = await fetch(`/__workbench/api/project/${encodeURIComponent(idOrName)}`);
  if (!response.ok) throw new Error(`project ${idOrName}: HTTP ${response.status}`);
  const json = (await response.json()) as ProjectJson;
  const files = new Map<string, ProjectFile>();
  for (const f of json.files) {
    const binary = f.base64 !== undefined;
    files.set(f.path, {
      path: f.path,
      kind: binary ? 'binary' : 'text',
      text: f.text ?? '',
      bytes: binary ? fromBase64(f.base64 ?? '') : new Uint8Array(),
      size: f.size,
      lastModified: f.lastModified,
    });
  }
  return { id: json.id, name: json.name, account: json.account, mainPath: json.main, files };
}

/** typst.ts addresses files by absolute path inside the project root. */
export function compilerPath(path: string): string {
  return `/${path}`;
}

export function projectPath(compilerFilePath: string): string {
  return compilerFilePath.replace(/^\/+/, '');
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
