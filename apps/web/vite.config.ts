import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@parley/shared': path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts'),
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
