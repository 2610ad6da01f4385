import type { JsonRpcOptions } from './json-rpc.js';
import { jsonRpcResult } from './json-rpc.js';
import type { ChainBlock, ChainBlockHeader, ChainOutput } from './port.js';
import { ChainNodeError } from './port.js';
import { read, solanaConfirmedTransaction, solanaSignatures } from './solana-answers.js';
import { solOutput } from './solana-payment.js';

/** getSignaturesForAddress's largest page. */
const PAGE = 1000;
/**
 * Pages read per reference and pass: anyone can add a known reference to transactions
 * of their own, so a flooded reference costs at most this many calls, and only its
 * newest PAGE × MAX_PAGES transactions in the window are looked at.
 */
const MAX_PAGES = 3;

const FINALIZED = { commitment: 'finalized' } as const;

/**
 * Solana Pay's way of finding a payment (https://docs.solanapay.com/spec, "reference"):
 * the transactions carrying each quote's reference key (getSignaturesForAddress on the
 * reference, finalized), each read with getTransaction and kept when it paid the
 * reference's own wallet (its balance rose), grouped into their slots' blocks. Reading
 * every block instead would fetch the whole chain's traffic for a handful of payments.
 */
export function createReferenceLookup(deps: {
  rpc: JsonRpcOptions;
  /** A slot's block header (its hash is what the scanner keeps for the height). */
  header: (slot: number) => Promise<ChainBlockHeader>;
}) {
  const { rpc } = deps;

  /** The successful transactions carrying `reference` in slots (from, to], newest first. */
  async function signaturesOf(reference: string, from: number, to: number) {
    const found: { signature: string; slot: number }[] = [];
    let before: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = { ...FINALIZED, limit: PAGE, ...(before ? { before } : {}) };
      const answer = await jsonRpcResult(rpc, 'getSignaturesForAddress', [reference, params]);
      const list = read(solanaSignatures, answer, 'getSignaturesForAddress');
      for (const s of list)
        if (s.slot > from && s.slot <= to && (s.err === null || s.err === undefined))
          found.push({ signature: s.signature, slot: s.slot });
      const last = list.at(-1);
      if (list.length < PAGE || !last || last.slot <= from) break;
      before = last.signature;
    }
    return found;
  }

  async function outputOf(signature: string, references: ReadonlyMap<string, string>) {
    const answer = await jsonRpcResult(rpc, 'getTransaction', [
      signature,
      { ...FINALIZED, encoding: 'json', maxSupportedTransactionVersion: 0 },
    ]);
    const tx = read(solanaConfirmedTransaction, answer, 'getTransaction');
    // Listed as finalized yet unknown: the node is behind; the pass is tried again.
    if (!tx)
      throw new ChainNodeError('CHAIN_UNREACHABLE', 'The node has not got a listed transaction.');
    const output = solOutput(
      tx,
      (k) => references.has(k),
      (k) => references.get(k),
    );
    return output ? { slot: tx.slot, output } : null;
  }

  /**
   * The blocks in slots (from, to] holding payments that carry one of `references`
   * (reference → the wallet it pays), in slot order, with only those outputs.
   */
  return async function findByReference(
    from: number,
    to: number,
    references: ReadonlyMap<string, string>,
  ): Promise<ChainBlock[]> {
    const signatures = new Set<string>();
    for (const reference of references.keys())
      for (const s of await signaturesOf(reference, from, to)) signatures.add(s.signature);
    const bySlot = new Map<number, ChainOutput[]>();
    for (const signature of signatures) {
      const found = await outputOf(signature, references);
      if (!found || found.slot <= from || found.slot > to) continue;
      bySlot.set(found.slot, [...(bySlot.get(found.slot) ?? []), found.output]);
    }
    const blocks: ChainBlock[] = [];
    for (const slot of [...bySlot.keys()].sort((a, b) => a - b))
      blocks.push({ header: await deps.header(slot), outputs: bySlot.get(slot) ?? [] });
    return blocks;
  };
}
