import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import {
  joinedProblem,
  packPart,
  readMessage,
  SMPP_MAX_SEGMENTS,
  unpackPart,
} from './smpp-message.js';
import { SMPP_STATUS } from './smpp-status.js';

/** A submit_sm as it crosses the wire: encoded and read back by the smpp package. */
function wire(options: Record<string, unknown>): Record<string, unknown> {
  const buffer = (
    new smpp.PDU('submit_sm', options) as unknown as { toBuffer(): Buffer }
  ).toBuffer();
  return (smpp.PDU as unknown as { fromBuffer(b: Buffer): Record<string, unknown> }).fromBuffer(
    buffer,
  );
}
const udh8 = (ref: number, total: number, seq: number) => Buffer.from([5, 0, 3, ref, total, seq]);

describe('reading a submit_sm', () => {
  it('reads GSM 7-bit (data_coding 0), extension characters included', () => {
    const read = readMessage(wire({ data_coding: 0, short_message: 'Price: 5€ [ok] @home' }));
    expect(read).toEqual({ ok: true, text: 'Price: 5€ [ok] @home', dataCoding: 0, concat: null });
  });

  it('reads IA5 (data_coding 1) as ASCII, and GSM sent under it (as the smpp package does) as GSM', () => {
    const ascii = wire({
      data_coding: 1,
      short_message: { message: Buffer.from('a@b $5 [x] {y}_~') },
    });
    expect(readMessage(ascii)).toMatchObject({ ok: true, text: 'a@b $5 [x] {y}_~', dataCoding: 1 });
    // The package picks data_coding 1 itself for text that fits GSM, and encodes it as GSM.
    const gsm = wire({ short_message: 'Cost: £5 @ home' });
    expect(gsm.data_coding).toBe(1);
    expect(readMessage(gsm)).toMatchObject({ ok: true, text: 'Cost: £5 @ home' });
  });

  it('reads Latin-1 (data_coding 3) and UCS-2 (data_coding 8)', () => {
    const latin = wire({
      data_coding: 3,
      short_message: { message: Buffer.from('Café ñ ü', 'latin1') },
    });
    expect(readMessage(latin)).toMatchObject({ ok: true, text: 'Café ñ ü', dataCoding: 3 });
    const ucs2 = Buffer.from('\u0645\u0631\u062d\u0628\u0627 😀', 'utf16le').swap16();
    const read = readMessage(wire({ data_coding: 8, short_message: { message: ucs2 } }));
    expect(read).toMatchObject({ ok: true, text: 'مرحبا 😀', dataCoding: 8 });
  });

  it('reads the concatenation of a part from an 8-bit or 16-bit UDH, or from SAR TLVs', () => {
    const part = wire({
      esm_class: 0x40,
      data_coding: 0,
      short_message: { udh: udh8(7, 3, 2), message: 'middle ' },
    });
    expect(readMessage(part)).toMatchObject({
      ok: true,
      text: 'middle ',
      concat: { ref: 7, total: 3, seq: 2 },
    });
    const wide = wire({
      esm_class: 0x40,
      data_coding: 8,
      short_message: {
        udh: Buffer.from([6, 8, 4, 0x12, 0x34, 2, 1]),
        message: Buffer.from('ab', 'utf16le').swap16(),
      },
    });
    expect(readMessage(wide)).toMatchObject({
      ok: true,
      text: 'ab',
      concat: { ref: 0x1234, total: 2, seq: 1 },
    });
    const sar = wire({
      data_coding: 0,
      short_message: 'first',
      sar_msg_ref_num: 513,
      sar_total_segments: 2,
      sar_segment_seqnum: 1,
    });
    expect(readMessage(sar)).toMatchObject({ ok: true, concat: { ref: 513, total: 2, seq: 1 } });
  });

  it('takes a UCS-2 part that ends inside a surrogate pair, and keeps that half intact', () => {
    const units = Buffer.from('ab😀', 'utf16le').swap16();
    const head = units.subarray(0, 6); // a, b and the high surrogate
    const read = readMessage(
      wire({
        esm_class: 0x40,
        data_coding: 8,
        short_message: { udh: udh8(3, 2, 1), message: head },
      }),
    );
    expect(read).toMatchObject({ ok: true, concat: { total: 2, seq: 1 } });
    const text = read.ok ? read.text : '';
    expect(unpackPart(packPart(text)) + unpackPart(packPart('\uDE00'))).toBe('ab😀');
    expect(joinedProblem(`${text}x`)).toMatch(/Unicode/);
    // A single message must be whole Unicode itself.
    expect(readMessage(wire({ data_coding: 8, short_message: { message: head } })).ok).toBe(false);
  });

  it('reads a whole long message from message_payload', () => {
    const long = 'x'.repeat(600);
    const read = readMessage(wire({ data_coding: 0, message_payload: long }));
    expect(read).toMatchObject({ ok: true, text: long, concat: null });
  });

  it('refuses what Parley cannot send, with the status that names it', () => {
    const refused = (o: Record<string, unknown>) => {
      const read = readMessage(wire(o));
      return read.ok ? null : read.status;
    };
    expect(refused({ data_coding: 4, short_message: { message: Buffer.from([1, 2]) } })).toBe(
      SMPP_STATUS.ESME_RSUBMITFAIL,
    );
    expect(refused({ data_coding: 0, short_message: '' })).toBe(SMPP_STATUS.ESME_RINVMSGLEN);
    expect(refused({ data_coding: 0, short_message: '   ' })).toBe(SMPP_STATUS.ESME_RINVMSGLEN);
    const nul = Buffer.from('a\u0000b', 'latin1');
    expect(refused({ data_coding: 3, short_message: { message: nul } })).toBe(
      SMPP_STATUS.ESME_RSUBMITFAIL,
    );
    expect(
      refused({ data_coding: 0, message_payload: 'y'.repeat(153 * SMPP_MAX_SEGMENTS + 1) }),
    ).toBe(SMPP_STATUS.ESME_RINVMSGLEN);
    const badUdh = { esm_class: 0x40, data_coding: 0 };
    expect(refused({ ...badUdh, short_message: { udh: udh8(1, 2, 3), message: 'x' } })).toBe(
      SMPP_STATUS.ESME_RINVESMCLASS,
    );
    expect(refused({ ...badUdh, short_message: { udh: udh8(1, 11, 1), message: 'x' } })).toBe(
      SMPP_STATUS.ESME_RINVMSGLEN,
    );
  });
});
