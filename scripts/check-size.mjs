// Fails when a page's first-load JavaScript exceeds its budget, or carries code it must
// not: the landing page (the entry chunk and every chunk it imports statically) and the
// customer dashboard (the same, plus the lazy route chunks that lead to the dashboard
// and their static imports; the chunks those import lazily, such as the charts, are not
// counted: they load after the figures show). Reads the manifest Vite writes next to the
// build.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING_BUDGET_KB = 150;
const DASHBOARD_BUDGET_KB = 250;
// Admin screens (each feature's admin/, the panel in app/admin, their shared widgets) and
// the signed-in features' pages.
const FORBIDDEN =
  /src\/(app\/admin|components\/admin|features\/[^/]+\/admin|features\/(catalogue|dashboard|home|payments|sms|voice|call-centre))\//;
// Heavy libraries only some pages need, found by a string their code always carries.
const FORBIDDEN_LIBRARIES = {
  recharts: 'recharts-wrapper',
  qrcode: 'Invalid hex color',
  jssip: 'JsSIP',
};
// The lazy chunks a signed-in customer's /dashboard loads before its figures show: the
// table of routes other than "/", then the dashboard page itself.
const DASHBOARD_ROUTE = [
  'src/app/other-routes.tsx',
  'src/features/dashboard/pages/dashboard-page.tsx',
];
// JsSIP is loaded only with a real voice gateway: its own chunk, not even the voice pages'.
const JSSIP_CHUNK = 'src/features/voice/softphone/jssip-softphone.ts';
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
// The source modules of each chunk (written by vite.config.ts): the first load's modules
// share one chunk, so the chunk's own name says nothing of what is in it.
const modulesPath = path.join(dist, '.vite/chunk-modules.json');
if (!fs.existsSync(modulesPath)) {
  console.error('The build has no .vite/chunk-modules.json: rebuild with `npm run build`.');
  process.exit(1);
}
const chunkModules = JSON.parse(fs.readFileSync(modulesPath, 'utf8'));
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
if (!entry) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

/** The given chunks and every chunk they import statically, transitively. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
}

const problems = [];
const gzipped = new Map();
function gzipKb(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gzipped.get(file);
}

/**
 * Prints a page's first-load chunks (those of `shown`, already printed for another page,
 * as one line) and total; records the page's problems. Returns the chunks.
 */
function checkFirstLoad({ name, keys, budgetKb, forbidden, forbiddenLibraries, shown }) {
  let total = 0;
  let sharedKb = 0;
  const chunks = staticClosure(keys);
  console.log(`${name}:`);
  for (const key of chunks) {
    const chunk = manifest[key];
    if (!chunk) {
      problems.push(`${key} is not a chunk of the build: has ${name.toLowerCase()} moved?`);
      continue;
    }
    const code = fs.readFileSync(path.join(dist, chunk.file));
    for (const [library, marker] of Object.entries(forbiddenLibraries))
      if (code.includes(marker))
        problems.push(`${library} is in ${chunk.file}, which ${name.toLowerCase()} loads first.`);
    for (const id of [key, ...(chunkModules[chunk.file] ?? [])])
      if (forbidden?.test(id))
        problems.push(`${id} is loaded by ${name.toLowerCase()}; make it a lazy route.`);
    const kb = gzipKb(chunk.file);
    total += kb;
    if (shown?.has(key)) sharedKb += kb;
    else console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${chunk.file}  (${key})`);
  }
  if (shown)
    console.log(`  ${sharedKb.toFixed(1).padStart(6)} KB  the landing page's chunks, listed above`);
  console.log(
    `${name} first-load JavaScript: ${total.toFixed(1)} KB gzip (budget ${budgetKb} KB).`,
  );
  if (total > budgetKb)
    problems.push(`${name}: over budget by ${(total - budgetKb).toFixed(1)} KB.`);
  return chunks;
}

const landing = checkFirstLoad({
  name: 'Landing',
  keys: [entry[0]],
  budgetKb: LANDING_BUDGET_KB,
  forbidden: FORBIDDEN,
  forbiddenLibraries: FORBIDDEN_LIBRARIES,
});
checkFirstLoad({
  name: 'Dashboard',
  keys: [entry[0], ...DASHBOARD_ROUTE],
  budgetKb: DASHBOARD_BUDGET_KB,
  forbiddenLibraries: { recharts: FORBIDDEN_LIBRARIES.recharts },
  shown: landing,
});

for (const [key, chunk] of Object.entries(manifest))
  if (key !== JSSIP_CHUNK && chunk.file.endsWith('.js'))
    if (fs.readFileSync(path.join(dist, chunk.file)).includes(FORBIDDEN_LIBRARIES.jssip))
      problems.push(`JsSIP is in ${chunk.file}; only ${JSSIP_CHUNK}'s chunk may hold it.`);
if (!manifest[JSSIP_CHUNK]) problems.push(`${JSSIP_CHUNK} is not a chunk of its own.`);
const lazy = Object.keys(manifest).filter((k) => FORBIDDEN.test(k));
if (lazy.length === 0)
  problems.push('No admin/dashboard/call-centre chunk found: is code splitting still on?');

if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log(`✓ size check passed; lazy chunks: ${lazy.join(', ')}`);
