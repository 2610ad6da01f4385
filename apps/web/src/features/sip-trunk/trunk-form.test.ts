import { describe, expect, it } from 'vitest';
import { aTrunk } from './test-fixtures';
import { addressProblem, checkTrunk, refusedFields, toUpdate, valuesOf } from './trunk-form';

const issue = (path: string, code: string) => ({ path, code, params: {}, message: 'English' });

describe('trunk form rules', () => {
  it('takes addresses and ranges, refuses malformed, too wide and overlapping ones by code', () => {
    expect(addressProblem('81.2.69.160')).toBeNull();
    expect(addressProblem('81.2.69.0/24')).toBeNull();
    expect(addressProblem('2a00:1450:4009::/48')).toBeNull();
    expect(addressProblem('2a00:1450::/32')).toMatchObject({ code: 'IP_RANGE_TOO_WIDE' });
    expect(addressProblem('2a00::/16')).toMatchObject({ code: 'IP_RANGE_TOO_WIDE' });
    expect(addressProblem('81.2.69.1/24')).toEqual({ code: 'IP_RANGE_INVALID' });
    expect(addressProblem('300.1.1.1')).toEqual({ code: 'IP_RANGE_INVALID' });
    expect(addressProblem('pbx.example.com')).toEqual({ code: 'IP_RANGE_INVALID' });
    // Private ones are the server's to judge: the operator may allow some networks.
    expect(addressProblem('192.168.1.10')).toBeNull();
    expect(addressProblem('81.2.0.0/16')).toEqual({
      code: 'IP_RANGE_TOO_WIDE',
      params: { prefix: 24 },
    });
    expect(addressProblem('81.2.69.7', ['81.2.69.0/24'])).toEqual({ code: 'IP_OVERLAPS' });
    expect(addressProblem('81.2.70.7', ['81.2.69.0/24'])).toBeNull();
  });

  it('checks channels against the package and needs an address for IP authentication', () => {
    const v = { ...valuesOf(aTrunk({ maxChannels: 10 })), authMethod: 'ip' as const };
    const problems = checkTrunk({ ...v, channels: '11' }, 10, 'needs one');
    expect(problems.channels).toEqual({ code: 'TRUNK_CHANNELS_OVER_PACKAGE', params: { max: 10 } });
    expect(problems.allowedIps).toBe('needs one');
    expect(checkTrunk({ ...v, channels: '0' }, 10, 'x').channels).toMatchObject({
      code: 'TOO_SMALL',
    });
    expect(checkTrunk({ ...v, channels: '2.5' }, 10, 'x').channels).toEqual({ code: 'INVALID' });
    // An address still in the Add box counts, and is checked.
    const typed = checkTrunk({ ...v, channels: '10', draft: '81.2.69.0/24' }, 10, 'x');
    expect(typed.allowedIps).toBeNull();
    expect(typed.draft).toBeNull();
    expect(checkTrunk({ ...v, draft: '10.1.2.3/8' }, 10, 'x').draft).toEqual({
      code: 'IP_RANGE_INVALID',
    });
    expect(checkTrunk({ ...v, inboundHost: 'pbx example' }, 10, 'x').inboundHost).toEqual({
      code: 'PBX_HOST_INVALID',
    });
  });

  it('sends the Add box address, empty destinations as null, and keeps failover without the add-on', () => {
    const trunk = aTrunk({ failoverHost: 'old.example.com', allowedIps: ['81.2.69.0/24'] });
    const v = {
      ...valuesOf(trunk),
      authMethod: 'ip' as const,
      draft: ' 2a00:1450::1 ',
      channels: '12',
      callerId: '+442071234567',
      inboundHost: ' ',
      failoverHost: 'new.example.com',
    };
    expect(toUpdate(v, trunk)).toEqual({
      authMethod: 'ip',
      channels: 12,
      codec: 'g711',
      allowedIps: ['81.2.69.0/24', '2a00:1450::1'],
      callerId: '+442071234567',
      inboundHost: null,
      failoverHost: 'old.example.com',
    });
    expect(toUpdate(v, { ...trunk, failover: true }).failoverHost).toBe('new.example.com');
    expect(toUpdate({ ...v, authMethod: 'credentials' }, trunk).allowedIps).toEqual([]);
  });

  it('puts each server refusal on its field, an address under its own entry', () => {
    const v = { ...valuesOf(aTrunk({ allowedIps: ['81.2.69.0/24', '81.2.70.0/24'] })), draft: '' };
    expect(
      refusedFields(
        [
          issue('allowedIps.1', 'IP_TAKEN'),
          issue('channels', 'TRUNK_CHANNELS_OVER_PACKAGE'),
          issue('callerId', 'TRUNK_CALLER_ID_NOT_OWNED'),
          issue('inboundHost', 'PBX_HOST_INVALID'),
          issue('codec', 'INVALID_CHOICE'),
        ],
        v,
      ).map(([field, p]) => [field, p.code]),
    ).toEqual([
      ['allowedIps.1', 'IP_TAKEN'],
      ['channels', 'TRUNK_CHANNELS_OVER_PACKAGE'],
      ['callerId', 'TRUNK_CALLER_ID_NOT_OWNED'],
      ['inboundHost', 'PBX_HOST_INVALID'],
    ]);
    // The entry after the list is the one sent from the Add box.
    expect(
      refusedFields([issue('allowedIps.2', 'IP_RESERVED')], { ...v, draft: '9.9.9.9' }),
    ).toEqual([['draft', { code: 'IP_RESERVED', params: {} }]]);
  });
});
