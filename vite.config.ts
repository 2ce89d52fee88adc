import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import subsetFont from 'subset-font';
import { type Plugin, defineConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each text file of the build, so the server
 * sends them as they are (src/server/plugins/app/spa.ts) instead of compressing on the hot path, and at
 * a strength it could not afford per request. Source maps are left alone: only devtools ask for them.
 */
function precompress(): Plugin {
  return {
    name: 'promptforge:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((name) => /\.(?:js|mjs|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await fs.readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The characters of the core face of Inter: ASCII and the punctuation the app writes (decision 011).
 * Each is in @fontsource's Latin face, which stays for the rest of Latin (an accented name in a
 * prompt's title): the browser fetches it only for a page that has such a character.
 */
const INTER_CORE: [from: number, to: number][] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];
/** The weights the app draws text in (Tailwind's font-normal to font-bold). */
const INTER_CORE_WEIGHTS = { min: 400, max: 700 };
const interCoreDir = path.resolve('src/web/generated');

/**
 * Writes the core face of Inter (src/web/generated/inter-core.woff2, with the @font-face that names
 * it in inter-core.css, which styles.css imports after @fontsource's faces so that it is the one
 * used for its characters): @fontsource's Latin face cut to INTER_CORE and the weights the app uses,
 * 22 KB instead of 48. Every page draws its first paint in it, so on a slow link it is about 130 ms
 * sooner. Written at each build and dev start from the installed @fontsource (not kept in git).
 */
function interCoreFont(): Plugin {
  return {
    name: 'promptforge:inter-core',
    async buildStart() {
      const latin = await fs.readFile(
        path.resolve('node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
      );
      const text = INTER_CORE.map(([from, to]) =>
        String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i)),
      ).join('');
      const font = await subsetFont(latin, text, {
        targetFormat: 'woff2',
        variationAxes: { wght: INTER_CORE_WEIGHTS },
      });
      const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
      const range = INTER_CORE.map(([from, to]) =>
        to > from ? `U+${hex(from)}-${hex(to)}` : `U+${hex(from)}`,
      );
      const css = [
        '/* Written by vite.config.ts (interCoreFont) at each build: edit it there. */',
        '@font-face {',
        "  font-family: 'Inter Variable';",
        '  font-style: normal;',
        '  font-display: swap;',
        // @fontsource's range, though the face holds INTER_CORE_WEIGHTS only (a weight outside is
        // drawn at the nearest it holds): the browser makes one font of the faces of a family whose
        // descriptors are the same, and picks between those by unicode-range, the last one first.
        // With its own range this face would be a font of its own, used instead of the others for
        // every character or never.
        '  font-weight: 100 900;',
        "  src: url('./inter-core.woff2') format('woff2-variations');",
        `  unicode-range: ${range.join(', ')};`,
        '}',
        '',
      ].join('\n');
      await fs.mkdir(interCoreDir, { recursive: true });
      await Promise.all([
        writeIfChanged(path.join(interCoreDir, 'inter-core.woff2'), font),
        writeIfChanged(path.join(interCoreDir, 'inter-core.css'), Buffer.from(css)),
      ]);
    },
  };
}

/** Leaves a file that already holds these bytes alone (a dev server watching it would reload). */
async function writeIfChanged(file: string, data: Buffer) {
  const old = await fs.readFile(file).catch(() => null);
  if (!old || !old.equals(data)) await fs.writeFile(file, data);
}

/**
 * Preloads the core face of Inter from index.html (decision 019). The stylesheet names it, so
 * without this the browser asks for the font only once the stylesheet has arrived and the page is
 * laid out: on a slow link that is a round trip later, and the font is on the way to the first paint.
 * The build fails if the face is not in it (a stylesheet that stopped naming it must not silently
 * drop the preload; a new @fontsource renaming the Latin face fails interCoreFont's read).
 */
function preloadCoreFont(): Plugin {
  const face = /^assets\/inter-core-[\w-]+\.woff2$/;
  return {
    name: 'promptforge:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => face.test(name));
        if (!file)
          throw new Error("the core face of Inter is not in the build: update vite.config.ts's preload");
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const apiPort = process.env.PORT ?? '3000';

/**
 * React Router's package exports name only its development build, whose warnings are on
 * (`ENABLE_DEV_WARNINGS`: console warnings, checks on every render of the routes, the "Hey developer"
 * text of its default error page), also in production builds (remix-run/react-router#14102). Its
 * production build is the same code with the flag off, so the browser's build points at it and
 * the minifier drops what the flag guarded. `vite` (development) keeps the warnings. The server's
 * rendering leaves packages to node_modules, so it uses the development build: both builds render
 * the same markup.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: isSsrBuild
    ? [react()]
    : [react(), interCoreFont(), tailwindcss(), preloadCoreFont(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve('src/web') },
      { find: '@shared', replacement: path.resolve('src/shared') },
      // zod without its eval-based compiler, which the Content Security Policy forbids (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve('src/web/lib/zod.ts') },
      ...(command === 'build' && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  // `vite build --ssr` (npm run build's second step) builds src/web/entry-server.tsx for the server's
  // page rendering (decision 019): into dist/web-ssr, with its packages left to node_modules.
  build: isSsrBuild
    ? {
        outDir: path.resolve('dist/web-ssr'),
        emptyOutDir: true,
        rolldownOptions: { input: path.resolve('src/web/entry-server.tsx') },
      }
    : {
        outDir: path.resolve('dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        // scripts/check-bundle.ts reads it to find what the browser loads for a page.
        manifest: true,
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // Small chunks of icons only are copied into the chunks that use them (see decision 011): icons
              // are stateless, whereas a copied module with state (a React context, a store) would split it.
              experimentalInlineCommonChunks: {
                maxSize: 8192,
                exclude: (id: string) => !/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id),
              },
              // zod loads only with the pages (and the signed-in check) that validate; left to the
              // automatic split it shared a chunk with src/shared/constants.ts, which every page imports.
              groups: [
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]web[\\/]lib[\\/]zod\.ts$/ },
                // The app starts in three chunks, each evaluated in a task of its own (main.tsx): the entry,
                // React, then the app's start with every module it imports statically (the router, the
                // shell, the query client, cn...). Left to the automatic split, each module a lazy page also
                // imports became a chunk of its own, ten files that every page loads anyway (decision 011).
                { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // A group captures the dependencies of what it matches (includeDependenciesRecursively),
                // except those an earlier group took (React).
                { name: 'start', test: /[\\/]src[\\/]web[\\/]start\.tsx$/ },
                // The entry's own modules (main.tsx, next-task.ts): Rolldown names the chunk web-<hash>.js.
                { name: 'app', tags: ['$initial'] },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
