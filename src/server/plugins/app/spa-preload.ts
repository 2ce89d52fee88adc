import fs from 'node:fs';
import path from 'node:path';

/*
 * Every page of the SPA is a lazy chunk (decision 011): the entry alone would find out which page to
 * load only after it has downloaded and run, one more round trip before anything is drawn. So the
 * server, which knows the path it answers, names that page's chunk (and the chunks it imports that
 * the entry does not already bring) in a `Link: <...>; rel=modulepreload` header, and the browser
 * fetches them alongside the entry.
 */

/**
 * The page module each public path renders, as Vite's manifest names it (relative to src/web).
 * Keep in step with src/web/app/router.tsx; a module missing from the manifest only means no hint.
 */
export const PAGE_MODULES: readonly (readonly [pattern: string, module: string])[] = [
  ['/', 'features/site/pages/home-page.tsx'],
  ['/marketplace', 'features/marketplace/pages/marketplace-page.tsx'],
  ['/marketplace/:id', 'features/marketplace/pages/prompt-page.tsx'],
  ['/features', 'features/site/pages/features-page.tsx'],
  ['/about', 'features/site/pages/about-page.tsx'],
  ['/pricing', 'features/billing/pages/pricing-page.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const matchers = PAGE_MODULES.map(
  ([pattern, module]) => [new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`), module] as const,
);

/** A page's own modules (its chunk and its imports outside the entry's), and the Link header naming them. */
export interface PagePreload {
  files: readonly string[];
  header: string;
}

/** The preloads of each page module, from a build's manifest: its chunk and its own imports. */
export function preloadLinks(manifest: Record<string, ManifestChunk>): Map<string, PagePreload> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const fromEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) collect(next, into);
  };
  if (entry) collect(entry, fromEntry);
  const links = new Map<string, PagePreload>();
  for (const [, module] of PAGE_MODULES) {
    if (!manifest[module]) continue;
    const chunks = new Set<string>();
    collect(module, chunks);
    const files = [...chunks].filter((key) => !fromEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
    if (files.length)
      links.set(module, { files, header: files.map((file) => `<${file}>; rel=modulepreload`).join(', ') });
  }
  return links;
}

/**
 * Answers the preloads for a page path of the build in `root`, or undefined. The manifest is
 * read again when it changes, so a rebuild is picked up without a restart, like the files.
 */
export function createPagePreloads(root: string): (pathname: string) => PagePreload | undefined {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let loadedAt = -1;
  let links = new Map<string, PagePreload>();
  return (pathname) => {
    const module = matchers.find(([re]) => re.test(pathname))?.[1];
    if (!module) return undefined;
    let mtime: number;
    try {
      mtime = fs.statSync(manifestFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (mtime !== loadedAt) {
      try {
        links = preloadLinks(
          JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>,
        );
      } catch {
        links = new Map();
      }
      loadedAt = mtime;
    }
    return links.get(module);
  };
}
