import { describe, expect, it } from 'vitest';
import { asteriskPjsip, freeswitchGateway, threeCxFields } from './pbx-config';
import { aTrunk, trunksAnswer } from './test-fixtures';

const edge = trunksAnswer([]).edge;
const values = (over: Parameters<typeof aTrunk>[0] = {}) => ({
  trunk: aTrunk(over),
  password: 'Qm4vT8xLp2',
  edge,
});

describe('PBX settings', () => {
  it('Asterisk registers with the credentials and offers the chosen codec first', () => {
    const text = asteriskPjsip(values({ codec: 'g722' }));
    expect(text).toContain('type=registration');
    expect(text).toContain('username=t123456789');
    expect(text).toContain('password=Qm4vT8xLp2');
    expect(text).toContain('server_uri=sip:sip.parley.test:5060');
    expect(text).toContain('allow=g722,ulaw,alaw,g729,opus');
  });

  it('Asterisk with IP authentication identifies the edge and sends no password', () => {
    const text = asteriskPjsip(values({ authMethod: 'ip' }));
    expect(text).toContain('type=identify');
    expect(text).toContain('match=sip.parley.test');
    expect(text).not.toContain('password');
    expect(text).not.toContain('type=registration');
  });

  it('TLS uses the TLS transport and port, with the same credentials', () => {
    const text = asteriskPjsip(values({ authMethod: 'tls' }));
    expect(text).toContain('transport=transport-tls');
    expect(text).toContain('server_uri=sip:sip.parley.test:5061;transport=tls');
    expect(text).toContain('username=t123456789');
    expect(freeswitchGateway(values({ authMethod: 'tls' }))).toContain(
      '<param name="register-transport" value="tls"/>',
    );
  });

  it('FreeSWITCH registers unless the trunk knows the PBX by its address', () => {
    expect(freeswitchGateway(values())).toContain('<param name="register" value="true"/>');
    expect(freeswitchGateway(values())).toContain('<param name="password" value="Qm4vT8xLp2"/>');
    expect(freeswitchGateway(values({ authMethod: 'ip' }))).toContain(
      '<param name="register" value="false"/>',
    );
  });

  it('3CX lists the fields with the default caller ID as the main number', () => {
    const text = threeCxFields(values({ callerId: '+442071234567', codec: 'opus' }));
    expect(text).toContain('Registrar/Server/Gateway Hostname or IP: sip.parley.test');
    expect(text).toContain('Authentication ID (aka SIP User ID): t123456789');
    expect(text).toContain('Main Trunk No: +442071234567');
    expect(text).toContain('Codec Priority: OPUS, G711 U-law, G711 A-law, G722, G729');
  });
});
