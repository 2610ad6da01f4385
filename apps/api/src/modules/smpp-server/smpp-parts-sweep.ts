import type { BoundAccount, SmppSubmit } from './smpp-submit.js';
import type { SmppSubmitsRepo } from './smpp-submits.repo.js';

/** How long the parts of a long message wait for the rest before they are refused. */
export const PART_WAIT_MS = 5 * 60_000;
/** A complete message still unsent this long after its first part was lost in a crash. */
const RECOVER_AFTER_MS = 30_000;

/**
 * Settles long messages left waiting: a complete one (its sender crashed between the
 * last part and the send) is sent now, once, by its request id; an incomplete one older
 * than PART_WAIT_MS is refused, and its parts' receipts say REJECTD. Run on every
 * instance: both steps are safe to repeat.
 */
export function createPartsSweep(deps: {
  repo: Pick<SmppSubmitsRepo, 'waitingSince' | 'parts' | 'settleParts' | 'trim'>;
  assemble: SmppSubmit['assemble'];
  /** PART_WAIT_MS unless a test shortens it. */
  partWaitMs?: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async function sweep() {
    const at = now().getTime();
    const since = Math.min(RECOVER_AFTER_MS, deps.partWaitMs ?? RECOVER_AFTER_MS);
    for (const w of await deps.repo.waitingSince(new Date(at - since))) {
      const account: BoundAccount = { id: w.accountId, userId: w.userId, systemId: '' };
      const sent = await deps.assemble(account, w.partKey);
      if (sent) continue;
      const parts = await deps.repo.parts(w.accountId, w.partKey);
      const oldest = Math.min(...parts.map((p) => p.createdAt.getTime()));
      if (at - oldest >= (deps.partWaitMs ?? PART_WAIT_MS))
        await deps.repo.settleParts(
          parts.map((p) => p.id),
          { refused: 'INCOMPLETE' },
        );
    }
    await deps.repo.trim(new Date(at - 86_400_000));
  };
}
