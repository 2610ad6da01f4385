// What a bench run prints: the rows beside the baselines with their goals, the chat
// fan-out, the memory rows, then the goals missed and the failures.
import { fanOut } from './chat.mjs';
import {
  EMBEDDED_IDLE_MB,
  FANOUT_P99_MS,
  fanOutMessages,
  fanOutStreams,
  GOALS,
} from './config.mjs';
import { memoryRows } from './memory.mjs';

export const pad = (s, n) => String(s).padEnd(n);
/** A row's server and database CPU per request, as two columns. */
export const cpuCells = (row) =>
  pad(row.cpuPerRequest == null ? '' : row.cpuPerRequest.toFixed(1), 8) +
  pad(row.dbCpuPerRequest == null ? '' : row.dbCpuPerRequest.toFixed(1), 8);

/** The rows as a table; pushes onto `missed` each goal a row missed. */
export function printTable(rows, paired, baselines, missed) {
  const { hello: base, query: baseQuery, tx: baseTx } = baselines;
  console.log(
    `\n${pad('endpoint', 36)}${pad('req/s', 9)}${pad('p99 ms', 8)}${pad('vs hello', 10)}` +
      `${pad('vs query', 10)}${pad('vs tx', 8)}${pad('cpu µs', 8)}${pad('db µs', 8)}goal`,
  );
  for (const row of rows) {
    const goal = GOALS[row.name];
    const ratio = goal ? row.rps / (paired.get(row.name) ?? baselines[goal.of].rps) : null;
    if (goal && ratio < goal.min) missed.push(`${row.name}: ${ratio.toFixed(3)} of ${goal.of}`);
    console.log(
      pad(row.name, 36) +
        pad(Math.round(row.rps), 9) +
        pad(row.p99, 8) +
        pad((row.rps / base.rps).toFixed(2), 10) +
        pad((row.rps / baseQuery.rps).toFixed(2), 10) +
        pad((row.rps / baseTx.rps).toFixed(2), 8) +
        cpuCells(row) +
        (goal
          ? `${ratio.toFixed(3)} of ${goal.of} beside it (${Math.round(paired.get(row.name))}/s), ` +
            `goal ≥ ${goal.min.toFixed(2)}${ratio < goal.min ? '  MISSED' : ''}`
          : '') +
        (row.failure ? '  FAILED' : ''),
    );
  }
}

/** One customer message to many admin streams: how long until each stream has it. */
export async function fanOutRow(run, admin, missed) {
  const fan = await fanOut(run.parley, {
    sql: run.sql,
    adminCookie: admin,
    chatter: run.chatter.cookie,
    sessionId: run.chatSessionId,
    streams: fanOutStreams,
    messages: fanOutMessages,
  });
  console.log(
    `\nchat.message to ${fanOutStreams} admin streams: ${fan.deliveries} deliveries of ` +
      `${fanOutMessages} messages, p50 ${fan.p50.toFixed(1)} ms, p99 ${fan.p99.toFixed(1)} ms, ` +
      `max ${fan.max.toFixed(1)} ms${fan.failure ? '  FAILED' : ''}`,
  );
  if (fan.failure)
    run.rows.push({ name: `fan-out to ${fanOutStreams} admin streams`, failure: fan.failure });
  if (fan.p99 >= FANOUT_P99_MS) missed.push(`fan-out p99 ${fan.p99.toFixed(1)} ms`);
}

/** Each database mode on a server of its own, idle and under load. */
export async function memoryReport({ databaseUrl, duration }, missed) {
  const memory = await memoryRows({ databaseUrl, duration });
  console.log('\nmemory (RSS)                        idle MB  under load MB');
  for (const m of memory) {
    console.log(
      `${pad(m.mode === 'embedded' ? 'embedded database (PGlite)' : 'PostgreSQL', 36)}${pad(m.idleMb, 9)}${m.loadMb}`,
    );
    if (m.mode === 'embedded' && m.idleMb > EMBEDDED_IDLE_MB)
      missed.push(`embedded idle RSS ${m.idleMb} MB`);
  }
}

/** The goals missed, the notes, and each failed row (which fails the run). */
export function printSummary(run, missed) {
  console.log(
    missed.length
      ? `\ngoals missed: ${missed.join('; ')}`
      : '\ngoals: all met (ratios, fan-out p99, embedded idle memory)',
  );
  for (const note of run.notes) console.log(`note: ${note}`);
  for (const row of run.rows.filter((r) => r.failure)) {
    console.error(`FAILED ${row.name}: ${row.failure}`);
    process.exitCode = 1;
  }
}
