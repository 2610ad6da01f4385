// Reads the CPU profiles (node --cpu-prof) in a folder and prints where the time went:
// self time by package (or Parley's own file, or node's internals) and the costliest
// functions. `node scripts/bench/profile-top.mjs <dir> [functions]`.
import fs from 'node:fs';
import path from 'node:path';

const [dir, top = '25'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/bench/profile-top.mjs <dir> [functions]');
  process.exit(2);
}
const byPlace = new Map();
const byFunction = new Map();
/** Parley's own functions with the time of everything they called (each counted once per stack). */
const inclusive = new Map();
let total = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

/** node_modules/<pkg>, Parley's own file, node:internal, or the kind of native frame. */
function placeOf(url) {
  if (!url) return '(native, gc, idle)';
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (mod) return mod[1];
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(apps|packages)\/(.+)$/.exec(url);
  return own ? own[2] : url;
}

for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    add(selfUs, profile.samples[i], profile.timeDeltas[i] ?? 0);
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [id, us] of selfUs) {
    if (nodes.get(id).callFrame.functionName === '(idle)') continue;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = nodes.get(at);
      if (!/\/(apps|packages)\//.test(callFrame.url)) continue;
      const key = `${callFrame.functionName || '(anonymous)'}  ${placeOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, us);
    }
  }
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === '(idle)') continue;
    total += us;
    const place = placeOf(callFrame.url);
    add(byPlace, place, us);
    const name = callFrame.functionName || '(anonymous)';
    add(byFunction, `${name}  ${place}:${callFrame.lineNumber + 1}`, us);
  }
}
const show = (title, map, n) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
};
console.log(`busy time: ${(total / 1e6).toFixed(1)} s`);
show('self time by place', byPlace, 20);
show('self time by function', byFunction, Number(top));
show("Parley's functions, with what they call", inclusive, Number(top));
