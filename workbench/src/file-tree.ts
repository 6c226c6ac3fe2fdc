// The Files sidebar: a nested <ul>/<li> tree, folders first, each row labelled by a direct
// child <button>. Collapsed folders render no child list and use the closed-folder glyph.
import {
  CLOSED_FOLDER_PATH,
  FILE_PATH,
  FILES_HEADING,
  FILES_REGION_LABEL,
  OPEN_FOLDER_PATHS,
  SELECTED_ATTRIBUTE,
} from './typst-dom';
import { el, icon } from './html';

interface Folder {
  folders: Map<string, Folder>;
  files: string[];
}

export class FileTree {
  readonly region = el('aside', {
    role: 'region',
    'aria-label': FILES_REGION_LABEL,
    class: 'files',
  });
  private readonly expanded = new Set<string>();
  private paths: string[] = [];
  private selected = '';

  constructor(private readonly onOpen: (path: string) => void) {}

  setFiles(paths: string[]): void {
    this.paths = [...paths];
    this.expanded.clear();
    this.render();
  }

  /** Marks the open file and expands the folders above it. */
  select(path: string): void {
    this.selected = path;
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) this.expanded.add(parts.slice(0, i).join('/'));
    this.render();
  }

  private build(): Folder {
    const root: Folder = { folders: new Map(), files: [] };
    for (const path of this.paths) {
      const parts = path.split('/');
      let folder = root;
      for (const part of parts.slice(0, -1)) {
        let next = folder.folders.get(part);
        if (!next) folder.folders.set(part, (next = { folders: new Map(), files: [] }));
        folder = next;
      }
      folder.files.push(path);
    }
    return root;
  }

  private list(folder: Folder, prefix: string): HTMLUListElement {
    const ul = el('ul');
    for (const name of [...folder.folders.keys()].sort()) {
      const path = prefix + name;
      const open = this.expanded.has(path);
      const button = el('button', {
        type: 'button',
        class: 'row folder',
        'aria-expanded': String(open),
      });
      button.append(
        open ? icon(OPEN_FOLDER_PATHS) : icon([CLOSED_FOLDER_PATH]),
        el('span', {}, name),
      );
      button.addEventListener('click', () => {
        if (open) this.expanded.delete(path);
        else this.expanded.add(path);
        this.render();
      });
      const child = folder.folders.get(name);
      ul.append(el('li', {}, button, open && child ? this.list(child, `${path}/`) : null));
    }
    for (const path of [...folder.files].sort()) {
      const button = el('button', {
        type: 'button',
        class: 'row file',
        [SELECTED_ATTRIBUTE]: String(path === this.selected),
      });
      button.append(icon([FILE_PATH]), el('span', {}, path.slice(prefix.length)));
      button.addEventListener('click', () => this.onOpen(path));
      ul.append(el('li', {}, button));
    }
    return ul;
  }

  private render(): void {
    this.region.replaceChildren(el('h2', {}, FILES_HEADING), this.list(this.build(), ''));
  }
}
