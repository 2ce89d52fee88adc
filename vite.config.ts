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
    alias: {
      '@': path.resolve('src/web'),
      '@shared': path.resolve('src/shared'),
    },
  },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle.ts reads it to find what the browser loads for a page.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod loads only with the pages (and the signed-in check) that validate; left to the
          // automatic split it shared a chunk with src/shared/constants.ts, which every page imports.
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
