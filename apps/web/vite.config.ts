import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

const JSSIP_PACKAGE = '\0jssip-package';

/**
 * JsSIP (CommonJS) requires its package.json for its name and version. Bundled as JSON,
 * that is an ES module required from CommonJS, which adds interop helpers to the runtime
 * chunk every page loads; served as CommonJS with just those two fields, it adds none.
 */
const jssipPackage: Plugin = {
  name: 'parley:jssip-package',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../package.json' && importer?.replaceAll('\\', '/').includes('/jssip/lib/'))
      return JSSIP_PACKAGE;
  },
  load(id) {
    if (id !== JSSIP_PACKAGE) return;
    const { title, version } = JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../../node_modules/jssip/package.json'),
        'utf8',
      ),
    );
    return `module.exports = ${JSON.stringify({ title, version })};`;
  },
};

export default defineConfig({
  plugins: [jssipPackage, react(), tailwindcss()],
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
