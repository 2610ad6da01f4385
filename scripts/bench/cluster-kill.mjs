// The cluster run's crash: SMS sent through HAProxy while one instance is killed with
// SIGKILL and started again, each send retried until it has an answer, as a client of
// ours should (its request id makes a repeat the same message).
import { randomUUID } from 'node:crypto';

export const KILL = { seconds: 12, killAt: 4, restartAt: 8, senders: 20, retries: 30 };

/**
 * One SMS with its request id, sent again while the answer is a dropped connection or the
 * balancer's 502/503/504 (no instance answered).
 */
async function sendUntilAnswered(url, cookie, body, stats) {
  const requestId = randomUUID();
  for (let attempt = 0; attempt <= KILL.retries; attempt++) {
    if (attempt > 0) {
      stats.retries++;
      await new Promise((r) => setTimeout(r, 100));
    }
    let res;
    try {
      res = await fetch(`${url}/api/sms/send`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, requestId }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      continue;
    }
    const text = await res.text();
    if ([502, 503, 504].includes(res.status)) continue;
    if (res.status !== 201) return { error: `${res.status} ${text.slice(0, 200)}` };
    return { id: JSON.parse(text).id };
  }
  return { error: `no answer after ${KILL.retries} retries` };
}

/**
 * SMS load through `balancer` by KILL.senders clients for KILL.seconds; `instance` is
 * killed at KILL.killAt and `restart()` starts it again at KILL.restartAt. Returns the
 * accepted messages (id → text), how many were accepted before the kill, and the retries.
 */
export async function killUnderLoad({ balancer, instance, restart, cookie, sms, tag }) {
  const stats = { retries: 0, errors: [] };
  const accepted = new Map();
  let next = 0;
  const stopAt = Date.now() + KILL.seconds * 1000;
  const sender = async () => {
    while (Date.now() < stopAt) {
      const message = `cluster ${tag} ${next++}`;
      const answer = await sendUntilAnswered(balancer.url, cookie, { ...sms, message }, stats);
      if (answer.id) accepted.set(answer.id, message);
      else stats.errors.push(answer.error);
    }
  };
  const senders = Array.from({ length: KILL.senders }, sender);
  await new Promise((r) => setTimeout(r, KILL.killAt * 1000));
  instance.child.kill('SIGKILL');
  const killedAt = accepted.size;
  await new Promise((r) => setTimeout(r, (KILL.restartAt - KILL.killAt) * 1000));
  const again = await restart();
  await Promise.all(senders);
  return { accepted, killedAt, stats, again };
}
