import { type Answer, fixture, type RecordedRequest, rpcError, rpcReply } from './recorded-node.js';

/**
 * A Solana node replaying answers recorded from Solana's JSON-RPC documentation (the
 * fixtures list the pages): slots 429–432 (solana-slots-429-432.json) and the
 * transactions carrying the Solana Pay spec's example references
 * (solana-references-430-432.json). It computes nothing but the slot window asked for.
 */

export interface RecordedSolana {
  tip: number;
  genesis: string;
  blocks: Record<string, Record<string, unknown>>;
  skipped: Record<string, { code: number; message: string }>;
  signatures: Record<string, { signature: string; slot: number }[]>;
  transactions: Record<string, unknown>;
}

export function recordedSolana(): RecordedSolana {
  const slots = fixture('solana-slots-429-432.json') as {
    answers: {
      getSlot: number;
      getGenesisHash: string;
      getBlock: RecordedSolana['blocks'];
      skipped: RecordedSolana['skipped'];
    };
  };
  const refs = fixture('solana-references-430-432.json') as {
    answers: {
      getSignaturesForAddress: RecordedSolana['signatures'];
      getTransaction: RecordedSolana['transactions'];
    };
  };
  return {
    tip: slots.answers.getSlot,
    genesis: slots.answers.getGenesisHash,
    blocks: slots.answers.getBlock,
    skipped: slots.answers.skipped,
    signatures: refs.answers.getSignaturesForAddress,
    transactions: refs.answers.getTransaction,
  };
}

/** The docs' genesis answer (GH7ome3…): a node configured with it passes the check. */
export const DOCS_GENESIS = 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC';

/** Answers per method from `data`; `tip()` is the finalized slot getSlot reports now. */
export function replaySolana(data: RecordedSolana, tip: () => number = () => data.tip) {
  return (req: RecordedRequest): Answer => {
    const { method, params } = req.body as {
      method: string;
      params: [unknown, { transactionDetails?: string; before?: string }?];
    };
    switch (method) {
      case 'getSlot':
        return rpcReply(req, tip());
      case 'getGenesisHash':
        return rpcReply(req, data.genesis);
      case 'getSignaturesForAddress': {
        const list = data.signatures[String(params[0])] ?? [];
        const before = params[1]?.before;
        const from = before ? list.findIndex((s) => s.signature === before) + 1 : 0;
        return rpcReply(req, list.slice(from));
      }
      case 'getTransaction':
        return rpcReply(req, data.transactions[String(params[0])] ?? null);
      case 'getBlock': {
        const slot = String(params[0]);
        const skipped = data.skipped[slot];
        if (skipped) return rpcError(req, skipped.code, skipped.message);
        const block = data.blocks[slot];
        if (!block || Number(slot) > tip()) return rpcReply(req, null);
        if (params[1]?.transactionDetails !== 'none') return rpcReply(req, block);
        const { transactions: _, ...header } = block;
        return rpcReply(req, header);
      }
      default:
        return rpcError(req, -32601, 'Method not found');
    }
  };
}
