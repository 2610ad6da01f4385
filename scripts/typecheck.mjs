// Type-checks every package: the shared package and the API first (a build with
// references, which the others read), then the API's tests, the web app and the
// browser tests side by side, as they do not depend on one another. Each one's output
// is printed whole, after it ends; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function run(args) {
  return new Promise((resolve) => {
    // Colours as tsc would print them to this terminal.
    const pretty = process.stdout.isTTY ? ['--pretty'] : [];
    const child = spawn(process.execPath, [tsc, ...args, ...pretty], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (err) => {
      console.error(`tsc ${args.join(' ')}: ${err.message}`);
      resolve(false);
    });
    child.on('close', (code, signal) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`tsc ${args.join(' ')}: ${signal ?? `exit ${code}`}`);
      resolve(code === 0);
    });
  });
}

const ok =
  (await run(['-b', 'packages/shared', 'apps/api'])) &&
  (
    await Promise.all([
      run(['-p', 'apps/api/tsconfig.test.json']),
      run(['-p', 'apps/web']),
      run(['-p', 'e2e']),
    ])
  ).every(Boolean);
process.exitCode = ok ? 0 : 1;
