import { randomUUID } from 'node:crypto';
import type { SenderChoice, SmsSendInput } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { joinedProblem, packPart, readMessage, unpackPart } from './smpp-message.js';
import { SMPP_STATUS, type SmppStatus, statusForCode, statusForField } from './smpp-status.js';
import type { SmppSubmitsRepo, SubmitRow } from './smpp-submits.repo.js';

/** The bound account a submit_sm is sent for. */
export interface BoundAccount {
  id: string;
  userId: string;
  systemId: string;
}

/** What a submit_sm is answered with: Parley's message id, or the status refusing it. */
export type SubmitAnswer = { status: 0; id: string } | { status: SmppStatus; id?: undefined };

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Senders a customer may use over SMPP: the brand's, their own numbers, approved IDs. */
const USABLE = new Set(['default', 'owned', 'approved']);
/** Receipts are kept at least this long, at most this long, whatever validity_period asks. */
const MIN_VALIDITY_MS = 3_600_000;
const MAX_VALIDITY_MS = 7 * 86_400_000;
/** Refusals that pass: the same submit may succeed later. */
const PASSING = new Set<number>([
  SMPP_STATUS.ESME_RTHROTTLED,
  SMPP_STATUS.ESME_RMSGQFUL,
  SMPP_STATUS.ESME_RSYSERR,
]);

/**
 * What Parley refuses of a submit_sm's envelope. Every destination is read as an
 * international number, country code first: dest_addr_ton unknown (0), international
 * (1) or national (2, Kannel's default for a number without +); other types of number
 * are refused, and so is a leading 0 (a trunk prefix: a national number would reach
 * another country). A scheduled delivery is refused too: Parley does not offer it, and
 * the message would otherwise go out at once.
 */
function addressProblem(
  row: Pick<SubmitRow, 'source' | 'destination'>,
  pdu: Record<string, unknown>,
) {
  const { source, destination } = row;
  // SMPP v3.4 allows 21 characters for either address.
  if (source.length > 21) return SMPP_STATUS.ESME_RINVSRCADR;
  if (destination.length > 21) return SMPP_STATUS.ESME_RINVDSTADR;
  const ton = Number(pdu.dest_addr_ton ?? 0);
  if (ton > 2) return SMPP_STATUS.ESME_RINVDSTTON;
  if (/^\+?0/.test(destination)) return SMPP_STATUS.ESME_RINVDSTADR;
  if (pdu.schedule_delivery_time) return SMPP_STATUS.ESME_RINVSCHED;
  return null;
}

/** registered_delivery's receipt bits: 0 none, 1 final state (and the reserved 3), 2 failures. */
function receiptWanted(value: unknown): 0 | 1 | 2 {
  const bits = Number(value ?? 0) & 0x03;
  return bits === 0 ? 0 : bits === 2 ? 2 : 1;
}

/**
 * submit_sm through the web's own send path (sms.send: destination rules, sender IDs,
 * guardrails, the per-minute quota, the balance and its CHECK, the outbox). A single
 * message is answered once its SMS is queued, with the SMS's id; the parts of a long
 * message are kept as they come and answered at once, and the last one sends them as
 * one SMS (billed per segment as the web bills). Every send uses the submit's id as its
 * request id, so sending a message again after a crash finds it instead of sending twice.
 */
export function createSmppSubmit(deps: {
  send(userId: string, input: SmsSendInput): Promise<unknown>;
  senders: { choose(userId: string, requested: string): Promise<SenderChoice> };
  defaultSender: string;
  repo: SmppSubmitsRepo;
  /** How long a receipt waits for a receiver when the submit gives no validity. */
  defaultValidityMs: number;
  log: Log;
  now?: () => Date;
}) {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** The status for a refusal of the send path; anything unexpected is logged. */
  function refusal(err: unknown, account: BoundAccount): SmppStatus {
    if (err instanceof AppError) {
      const field = err.fields?.[0]?.path;
      const status = field ? statusForField(field) : statusForCode(err.code);
      log.warn({ systemId: account.systemId, code: err.code }, 'smpp: submit_sm refused');
      return status;
    }
    log.error({ err, systemId: account.systemId }, 'smpp: submit_sm failed');
    return SMPP_STATUS.ESME_RSYSERR;
  }

  function validUntil(validity: unknown): Date {
    const at = now().getTime();
    const asked = validity instanceof Date ? validity.getTime() : Number.NaN;
    if (Number.isNaN(asked)) return new Date(at + deps.defaultValidityMs);
    return new Date(Math.min(at + MAX_VALIDITY_MS, Math.max(at + MIN_VALIDITY_MS, asked)));
  }

  const sendOne = (
    account: BoundAccount,
    row: Pick<SubmitRow, 'source' | 'destination'>,
    text: string,
    id: string,
  ) =>
    deps.send(account.userId, {
      senderId: row.source || deps.defaultSender,
      recipient: row.destination.startsWith('+') ? row.destination : `+${row.destination}`,
      message: text,
      requestId: id,
    });

  /**
   * Sends a long message whose parts are all here, once: the first part's id is the
   * SMS's. `completing` is the part whose submit_sm completed it: refused, that part is
   * dropped (its answer is the refusal, so the gateway sends it again or gives up);
   * the others wait for it again after a passing refusal (the rate, a fault), or are
   * settled as refused (their receipts say REJECTD) after a lasting one.
   */
  async function assemble(
    account: BoundAccount,
    partKey: string,
    completing?: string,
  ): Promise<SubmitAnswer | null> {
    const parts = await repo.parts(account.id, partKey);
    const first = parts[0];
    if (!first || parts.length < (first.partTotal ?? 0)) return null;
    const text = parts.map((p) => unpackPart(p.partText ?? '')).join('');
    const refuse = async (status: SmppStatus, code: string): Promise<SubmitAnswer> => {
      if (completing) await repo.remove(completing);
      const rest = parts.map((p) => p.id).filter((id) => id !== completing);
      if (!PASSING.has(status)) await repo.settleParts(rest, { refused: code });
      return { status };
    };
    if (joinedProblem(text)) return refuse(SMPP_STATUS.ESME_RINVMSGLEN, 'MESSAGE_INVALID');
    try {
      await sendOne(account, first, text, first.id);
    } catch (err) {
      return refuse(refusal(err, account), err instanceof AppError ? err.code : 'FAILED');
    }
    await repo.settleParts(
      parts.map((p) => p.id),
      { messageId: first.id },
    );
    return { status: SMPP_STATUS.ESME_ROK, id: first.id };
  }

  async function submit(
    account: BoundAccount,
    pdu: Record<string, unknown>,
  ): Promise<SubmitAnswer> {
    const read = readMessage(pdu);
    if (!read.ok) {
      log.warn({ systemId: account.systemId, reason: read.reason }, 'smpp: submit_sm refused');
      return { status: read.status };
    }
    const row: SubmitRow = {
      id: randomUUID(),
      accountId: account.id,
      registeredDelivery: receiptWanted(pdu.registered_delivery),
      source: String(pdu.source_addr ?? '').trim(),
      destination: String(pdu.destination_addr ?? '').trim(),
      validUntil: validUntil(pdu.validity_period),
      dataCoding: read.dataCoding,
    };
    const problem = addressProblem(row, pdu);
    if (problem) return { status: problem };
    if (row.source) {
      const sender = await deps.senders.choose(account.userId, row.source);
      if (!USABLE.has(sender.status)) return { status: SMPP_STATUS.ESME_RINVSRCADR };
    }
    if (!read.concat) {
      await repo.addSingle(row);
      try {
        await sendOne(account, row, read.text, row.id);
        return { status: SMPP_STATUS.ESME_ROK, id: row.id };
      } catch (err) {
        await repo.remove(row.id);
        return { status: refusal(err, account) };
      }
    }
    const { ref, total, seq } = read.concat;
    const partKey = `${row.source}|${row.destination}|${ref}|${total}`;
    const kept = await repo.addPart({
      ...row,
      partKey,
      partSeq: seq,
      partTotal: total,
      partText: packPart(read.text),
    });
    if (kept.sent || kept.have < total) return { status: SMPP_STATUS.ESME_ROK, id: kept.id };
    const sent = await assemble(account, partKey, kept.id);
    if (!sent || sent.status === SMPP_STATUS.ESME_ROK)
      return { status: SMPP_STATUS.ESME_ROK, id: kept.id };
    return sent;
  }

  return { submit, assemble };
}
export type SmppSubmit = ReturnType<typeof createSmppSubmit>;
