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

/**
 * Writes which source modules each chunk holds (.vite/chunk-modules.json, beside the
 * manifest): the size check reads it to tell what a page's first load carries, now that
 * the first load's modules share one chunk.
 */
const chunkModules: Plugin = {
  name: 'parley:chunk-modules',
  apply: 'build',
  generateBundle(_options, bundle) {
    const modules: Record<string, string[]> = {};
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk')
        modules[chunk.fileName] = chunk.moduleIds.map((id) =>
          path.relative(import.meta.dirname, id).replaceAll('\\', '/'),
        );
    this.emitFile({
      type: 'asset',
      fileName: '.vite/chunk-modules.json',
      source: JSON.stringify(modules, null, 1),
    });
  },
};

export default defineConfig({
  plugins: [jssipPackage, chunkModules, react(), tailwindcss()],
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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk (the entry itself stays
        // apart, as the manifest's entry): over HTTP/1.1 a slow phone link pays a round
        // trip per file, and the first load was ~45 small files. Lazy chunks import what
        // they share with it from that chunk.
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
