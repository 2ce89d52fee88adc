import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve('src/web') },
      { find: '@shared', replacement: path.resolve('src/shared') },
      // zod without its eval-based compiler, which the Content Security Policy forbids (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve('src/web/lib/zod.ts') },
    ],
  },
  build: {
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
});
