// One instance against two, in pairs close in time. On a shared two-core machine the
// speed drifts by a third from one minute to the next, more than the difference looked
// for, so each pair runs one instance and two back to back (each first in turn), flat
// out and then at a fixed rate, and the goal is judged on the median of the pairs'
// ratios. Both instances run throughout; "one" is the balancer in front of the first
// only, the second standing by. Its CPU counts in both: it receives no requests, but it
// runs its jobs, and its outbox may claim what the first accepted.
import { throughput } from './cluster-mix.mjs';

/** Parley's and PostgreSQL's CPU per request. */
const cpuOf = (run) => run.parleyUs + (run.dbUs ?? 0);

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * `pairs` pairs of runs (flat out, then at `rate` requests a second): each a run behind
 * the balancer with `a` alone and one with `a` and `b`, both counted in each.
 * `mixOf(servers)` is the mix; `first` numbers the first pair (which goes first alternates).
 */
export async function compareInPairs({ mixOf, a, b, pairs, rate, onRun, first = 1 }) {
  const results = [];
  for (let pair = first; pair < first + pairs; pair++) {
    for (const paced of [false, true]) {
      const order = pair % 2 === 1 ? [[a], [a, b]] : [[a, b], [a]];
      const got = {};
      for (const servers of order) {
        const mix = { ...mixOf(servers), counted: [a, b] };
        const run = await throughput(mix, paced ? rate : undefined);
        onRun?.(run, paced);
        got[servers.length] = run;
      }
      results.push({
        paced,
        throughput: got[2].sustained / got[1].sustained,
        cpu: cpuOf(got[2]) / cpuOf(got[1]),
      });
    }
  }
  return results;
}

/** The report's lines for the pairs: each pair's ratios and their medians against the goal. */
export function summarisePairs(results, rate, limit) {
  const lines = [];
  for (const paced of [false, true]) {
    const rows = results.filter((r) => r.paced === paced);
    const kind = paced ? `at ${rate} req/s` : 'flat out';
    const cpu = median(rows.map((r) => r.cpu));
    const each = rows.map((r) => `${r.cpu.toFixed(2)}×`).join(', ');
    let line = `two instances vs one, ${kind}, ${rows.length} pairs: Parley + PostgreSQL CPU per request ${each}; median ${cpu.toFixed(2)}× (goal: not above ${limit.toFixed(2)}×, ${cpu <= limit ? 'met' : 'MISSED'})`;
    if (!paced) {
      const gains = rows.map((r) => `${r.throughput.toFixed(2)}×`).join(', ');
      line += `; throughput with SMS delivered ${gains}, median ${median(rows.map((r) => r.throughput)).toFixed(2)}×`;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The reads alone on Parley and done raw, pair by pair (Parley's pair and the raw one
 * back to back): on two shared cores a second process raises the CPU per request
 * whatever it runs, so Parley's rise is judged against the raw one's in the same minute.
 */
export function summariseAgainstRaw(parley, raw, rate, limit) {
  return [false, true].map((paced) => {
    const kind = paced ? `at ${rate} req/s` : 'flat out';
    const of = (results) => results.filter((r) => r.paced === paced).map((r) => r.cpu);
    const list = (values) => values.map((v) => `${v.toFixed(2)}×`).join(', ');
    const rawOf = of(raw);
    const rises = of(parley).map((p, i) => p / rawOf[i]);
    const rise = median(rises);
    return (
      `reads only, two instances vs one, ${kind}: Parley ${list(of(parley))}, the same ` +
      `statements raw ${list(rawOf)}; Parley's rise over raw's ${list(rises)}, median ` +
      `${rise.toFixed(2)}× (goal: not above ${limit.toFixed(2)}×, ${rise <= limit ? 'met' : 'MISSED'})`
    );
  });
}
