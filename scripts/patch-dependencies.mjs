// Fixes to dependencies that are not released upstream yet, applied after every install
// (the root package's postinstall). Each is written for one version: a different version
// is reported and left alone, so the fix is looked at again rather than forced in; text
// that is neither the original nor the fix stops the install.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MARK = 'Parley:';

// postgres.js keeps its connections in queues; `shift` leaves a hole that is only
// dropped once the queue empties, and `remove` searched the holes too. While every
// connection is busy the busy queue never empties, so it grew by one entry per query
// and each query searched all of it (docs/performance.md, "The database driver").
const queueFix = [
  [
    `    remove: (x) => {
      const index = xs.indexOf(x)
      return index === -1
        ? null
        : (xs.splice(index, 1), x)
    },`,
    `    remove: (x) => {
      // Parley: only the live entries, after the holes \`shift\` leaves.
      const at = xs.indexOf(x, index)
      return at === -1
        ? null
        : (xs.splice(at, 1), x)
    },`,
  ],
  [
    `      } else {
        xs[index - 1] = undefined
      }`,
    `      } else {
        xs[index - 1] = undefined
        // Parley: drop the holes once they are most of the array, so a queue that never
        // empties stays the size of what it holds.
        if (index >= 1024 && index * 2 >= xs.length) {
          xs = xs.slice(index)
          index = 0
        }
      }`,
  ],
];

export const PATCHES = [
  {
    name: 'postgres',
    version: '3.4.9',
    files: ['src/queue.js', 'cf/src/queue.js', 'cjs/src/queue.js'],
    edits: queueFix,
  },
];

export function applyPatches(modules = path.join(root, 'node_modules')) {
  const problems = [];
  for (const patch of PATCHES) {
    const dir = path.join(modules, patch.name);
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (version !== patch.version) {
      console.warn(
        `patch-dependencies: ${patch.name} is ${version}, the fix was written for ${patch.version}; not applied`,
      );
      continue;
    }
    for (const file of patch.files) {
      const target = path.join(dir, file);
      const original = fs.readFileSync(target, 'utf8');
      if (original.includes(MARK)) continue;
      const missing = patch.edits.some(([before]) => !original.includes(before));
      if (missing) problems.push(`${patch.name}/${file}: the text to fix is not there`);
      else {
        const fixed = patch.edits.reduce(
          (text, [before, after]) => text.replace(before, after),
          original,
        );
        fs.writeFileSync(target, fixed);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = applyPatches();
  for (const problem of problems) console.error(`patch-dependencies: ${problem}`);
  process.exitCode = problems.length ? 1 : 0;
}
