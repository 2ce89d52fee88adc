import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each text file of the build, so the server
 * sends them as they are (src/server/plugins/spa.ts) instead of compressing on the hot path, and at
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
 * Preloads the Latin face of Inter from index.html (decision 019). The stylesheet names it, so
 * without this the browser asks for the font only once the stylesheet has arrived and the page is
 * laid out: on a slow link that is a round trip later, and the font is on the way to the first paint.
 * The build fails if the face is not found (a new @fontsource version renaming it must not silently
 * drop the preload).
 */
function preloadLatinFont(): Plugin {
  const face = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;
  return {
    name: 'promptforge:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => face.test(name));
        if (!file)
          throw new Error("the Latin face of Inter is not in the build: update vite.config.ts's preload");
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

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), preloadLatinFont(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve('src/web') },
      { find: '@shared', replacement: path.resolve('src/shared') },
      // zod without its eval-based compiler, which the Content Security Policy forbids (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve('src/web/lib/zod.ts') },
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
