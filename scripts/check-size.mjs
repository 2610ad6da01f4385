// Fails when the landing page's first-load JavaScript (the entry chunk and every chunk
// it imports statically) exceeds the budget, or when admin, dashboard or call-centre
// code is among it. Reads the manifest Vite writes next to the build.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const FORBIDDEN =
  /src\/features\/(admin|catalogue|dashboard|home|numbers|payments|sms|voice|call-centre)\//;
// Heavy libraries only some pages need, found by a string their code always carries.
const FORBIDDEN_LIBRARIES = {
  recharts: 'recharts-wrapper',
  qrcode: 'Invalid hex color',
  jssip: 'JsSIP',
};
// JsSIP is loaded only with a real voice gateway: its own chunk, not even the voice pages'.
const JSSIP_CHUNK = 'src/features/voice/softphone/jssip-softphone.ts';
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
if (!entry) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
};
visit(entry[0]);

let total = 0;
const problems = [];
for (const key of seen) {
  const chunk = manifest[key];
  const code = fs.readFileSync(path.join(dist, chunk.file));
  const bytes = gzipSync(code, { level: 9 }).length;
  for (const [name, marker] of Object.entries(FORBIDDEN_LIBRARIES))
    if (code.includes(marker))
      problems.push(`${name} is in ${chunk.file}, which the landing page loads.`);
  total += bytes;
  console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${chunk.file}  (${key})`);
  if (FORBIDDEN.test(key))
    problems.push(`${key} is loaded by the landing page; make it a lazy route.`);
}
const kb = total / 1024;
console.log(`Landing first-load JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB).`);
if (kb > BUDGET_KB) problems.push(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB.`);
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
