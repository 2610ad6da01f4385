import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
    // Workspace packages are read from their TypeScript source; no build step between them.
    conditions: ['@parley/source', ...defaultClientConditions],
  },
  ssr: { resolve: { conditions: ['@parley/source', ...defaultServerConditions] } },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
