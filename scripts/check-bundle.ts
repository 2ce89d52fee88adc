import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

/*
 * `npm run check:bundle` (after `vite build`; `npm run test:e2e` runs it): the JavaScript a browser
 * loads for `/` before the first render, gzipped, must stay under the budget. That is the entry
 * chunk and the chunks it imports as it starts (React, the app's start), the home page's chunk
 * (every page is lazy; the server preloads the page's chunk with the entry), and every chunk they
 * import statically (transitively), read from Vite's manifest. Other lazy chunks (other pages,
 * menus, the toaster) load later and are not counted. Over budget, it lists the largest chunks and
 * the largest source modules inside them (from the source maps) and exits 1.
 *
 * It also fails when the first download of a public page (the three Lighthouse audits) holds a
 * library those pages load only on use: the toaster, zod (the forms' rules) and Radix Select. One
 * static import from such a page's module graph brings back tens of kilobytes to evaluate. And it
 * fails when any chunk holds a package's development build (React Router's).
 *
 *   npm run check:bundle -- [--dir dist/web] [--budget-kb 150] [--page features/site/pages/home-page.tsx]
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist/web' },
    'budget-kb': { type: 'string', default: '150' },
    top: { type: 'string', default: '15' },
    // The source module of the page `/` shows, as the manifest names it (relative to src/web).
    page: { type: 'string', default: 'features/site/pages/home-page.tsx' },
  },
});

/** The public pages Lighthouse audits (bench/web.ts), by their source module. */
const PUBLIC_PAGES = [
  'features/site/pages/home-page.tsx',
  'features/marketplace/pages/marketplace-page.tsx',
  'features/marketplace/pages/prompt-page.tsx',
];
/** Packages a public page loads when they are used, never with the page (see decision 011). */
const LOADED_ON_USE = ['sonner', 'zod', '@radix-ui/react-select'];

const outDir = path.resolve(args.dir!);
const budgetBytes = Number(args['budget-kb']) * 1024;
const manifestFile = path.join(outDir, '.vite', 'manifest.json');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/**
 * The entry chunk for index.html, the chunks it imports as it starts (its dynamic imports: React and
 * the app's start, main.tsx), the page's chunk, and their static imports, each once.
 */
export function initialChunks(manifest: Record<string, ManifestChunk>, page: string): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry && c.file.endsWith('.js'));
  if (!entry) throw new Error('the manifest has no JavaScript entry');
  if (!manifest[page]) throw new Error(`the manifest has no chunk for ${page}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry[0]);
  for (const started of entry[1].dynamicImports ?? []) visit(started);
  visit(page);
  return [...seen].map((key) => manifest[key]!.file);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Bytes of generated code per source module, attributed by the source map's mappings (each
 * segment's generated text, up to the next segment, belongs to the segment's source).
 */
function bytesPerSource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const lines = code.split('\n');
  const sizes = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    const segments: { column: number; source: number }[] = [];
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1]!;
      segments.push({ column, source: fields.length >= 4 ? source : -1 });
    }
    segments.forEach((s, i) => {
      if (s.source < 0) return;
      const end = segments[i + 1]?.column ?? line.length;
      const name = map.sources[s.source] ?? '?';
      sizes.set(name, (sizes.get(name) ?? 0) + Math.max(0, end - s.column));
    });
  });
  return sizes;
}

/** node_modules/.pnpm/x/node_modules/react-dom/cjs/... -> react-dom/cjs/...; src paths from src/. */
function shortName(source: string) {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) return source.slice(at + 'node_modules/'.length);
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source;
}

/** The source modules of a built chunk, from its source map (none without one). */
function sourcesOf(file: string): string[] {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  return (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources.map(shortName);
}

/** Each public page's first download that holds a package it should load on use, and which. */
function loadedTooEarly(manifest: Record<string, ManifestChunk>): string[] {
  return PUBLIC_PAGES.flatMap((page) => {
    const sources = initialChunks(manifest, page).flatMap(sourcesOf);
    return LOADED_ON_USE.filter((pkg) => sources.some((s) => s.startsWith(`${pkg}/`))).map(
      (pkg) => `${page} loads ${pkg} before its first render: import it where it is used (import()).`,
    );
  });
}

/**
 * Packages' development builds that must not reach the browser, and why. React Router's package
 * exports name only its development build (vite.config.ts points the browser's build elsewhere).
 */
const DEVELOPMENT_BUILDS = [
  {
    prefix: 'react-router/dist/development/',
    why: "React Router's development build (its warnings on) is in the browser's build: see reactRouterProduction in vite.config.ts.",
  },
];

/** A message for each development build found in any chunk of the build. */
function developmentBuilds(manifest: Record<string, ManifestChunk>): string[] {
  const sources = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js'))
    .flatMap((c) => sourcesOf(c.file));
  return DEVELOPMENT_BUILDS.filter(({ prefix }) => sources.some((s) => s.startsWith(prefix))).map(
    ({ why }) => why,
  );
}

function main() {
  if (!fs.existsSync(manifestFile)) {
    process.stderr.write(`No ${path.relative(process.cwd(), manifestFile)}: run \`npm run build\` first.\n`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = initialChunks(manifest, args.page!).map((file) => {
    const code = fs.readFileSync(path.join(outDir, file));
    return { file, raw: code.length, gzip: gzipSize(code) };
  });
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const line = `Initial JavaScript for /: ${kb(total)} gzipped in ${chunks.length} chunks (budget ${kb(budgetBytes)}).`;
  const early = [...loadedTooEarly(manifest), ...developmentBuilds(manifest)];
  if (early.length > 0) {
    process.stderr.write(`${early.join('\n')}\n`);
    process.exitCode = 1;
  }
  if (total <= budgetBytes) {
    process.stdout.write(`${line} ok\n`);
    return;
  }

  const top = Number(args.top);
  const out: string[] = [`${line} OVER by ${kb(total - budgetBytes)}`, '', 'Largest chunks (gzipped):'];
  for (const c of [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, top)) {
    out.push(`  ${kb(c.gzip).padStart(9)}  ${c.file}`);
  }
  // Per-module figures are minified bytes (gzip does not split by module); their order is what helps.
  const modules = new Map<string, number>();
  for (const c of chunks) {
    const mapFile = path.join(outDir, `${c.file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const code = fs.readFileSync(path.join(outDir, c.file), 'utf8');
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    for (const [source, bytes] of bytesPerSource(code, map)) {
      const name = shortName(source);
      modules.set(name, (modules.get(name) ?? 0) + bytes);
    }
  }
  if (modules.size > 0) {
    out.push('', 'Largest modules (minified, before gzip):');
    for (const [name, bytes] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      out.push(`  ${kb(bytes).padStart(9)}  ${name}`);
    }
  }
  out.push('', 'Load what a page needs only when it is opened: lazy routes, dynamic import().');
  process.stderr.write(`${out.join('\n')}\n`);
  process.exit(1);
}

main();
