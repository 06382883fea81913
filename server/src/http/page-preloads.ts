/**
 * Which lazily loaded chunks of the web client a first page needs, named in the app shell as
 * `<link rel="modulepreload">`, so the browser fetches them beside the entry script instead of
 * after it has run and the router has asked for them (docs/performance/web-first-render.md).
 *
 * The keys are the client's source files as Vite's manifest (`web/dist/.vite/manifest.json`)
 * names them; `npm run bench:web` measures the same pages. A key missing from the manifest (a
 * renamed file) only means that page goes without the hint.
 */
export interface PagePreloads {
  /** The page's path, exactly (the app shell for any other path gets only the member shell). */
  path: string;
  /** The chunk a visitor's first render of this path needs. */
  visitor?: string;
  /** The chunk a member's first render of this path needs. */
  member?: string;
}

/** On every page a member opens: the app bar with its menus. */
export const MEMBER_SHELL = ['src/app/layout/nav-bar.tsx'];

export const PAGE_PRELOADS: PagePreloads[] = [
  { path: '/', visitor: 'src/app/pages/visitor-home-route.tsx', member: 'src/app/pages/home-page.tsx' },
  {
    path: '/browse',
    visitor: 'src/features/sneakers/components/browse-page.tsx',
    member: 'src/features/sneakers/components/browse-page.tsx',
  },
  { path: '/sneaker-library', visitor: 'src/app/pages/library-route.tsx', member: 'src/app/pages/library-route.tsx' },
  { path: '/locker', member: 'src/app/pages/locker-route.tsx' },
  { path: '/trades', member: 'src/app/pages/trades-and-loops-page.tsx' },
];

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files `key` loads before it runs: its own and its static imports', depth first, without the entry's. */
export function chunkFiles(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || chunk.isEntry || seen.has(current)) return;
    seen.add(current);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** The app shell with a modulepreload link for each file, before `</head>`; unchanged when there are none. */
export function withModulePreloads(indexHtml: string, files: string[]): string {
  if (files.length === 0) return indexHtml;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return indexHtml.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * The app shell for each (path, visitor or member), built once. `shellFor` answers the shell a
 * request gets: the member's when it carries a session cookie (a stale one costs only the hints).
 */
export function buildPageShells(indexHtml: string, manifest: Manifest) {
  const memberShell = MEMBER_SHELL.flatMap((key) => chunkFiles(manifest, key));
  const unique = (files: string[]) => [...new Set(files)];
  const visitorShells = new Map<string, string>();
  const memberShells = new Map<string, string>();
  for (const page of PAGE_PRELOADS) {
    if (page.visitor) visitorShells.set(page.path, withModulePreloads(indexHtml, unique(chunkFiles(manifest, page.visitor))));
    const memberFiles = page.member ? chunkFiles(manifest, page.member) : [];
    memberShells.set(page.path, withModulePreloads(indexHtml, unique([...memberFiles, ...memberShell])));
  }
  const anyMemberPage = withModulePreloads(indexHtml, unique(memberShell));
  return {
    shellFor(pagePath: string, isMember: boolean): string {
      if (isMember) return memberShells.get(pagePath) ?? anyMemberPage;
      return visitorShells.get(pagePath) ?? indexHtml;
    },
  };
}
