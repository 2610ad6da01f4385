import { describe, expect, it } from 'vitest';
import { rtpengineConfig } from './rtpengine-config.js';

const base = {
  address: '10.0.0.4',
  ports: { min: 30000, max: 40000 },
  control: { address: '127.0.0.1', port: 2223 },
};

describe("the media relay's configuration", () => {
  it('runs in userspace on the address and ports given, controlled on loopback', () => {
    const lines = rtpengineConfig(base).split('\n');
    expect(lines).toContain('[parley]');
    expect(lines).toContain('table = -1');
    expect(lines).toContain('interface = 10.0.0.4');
    expect(lines).toContain('listen-ng = 127.0.0.1:2223');
    expect(lines).toContain('port-min = 30000');
    expect(lines).toContain('port-max = 40000');
    expect(lines).toContain('mos = LQ');
    expect(rtpengineConfig({ ...base, advertised: '198.51.100.9' })).toContain(
      'interface = 10.0.0.4!198.51.100.9',
    );
    expect(rtpengineConfig({ ...base, control: { address: '::1', port: 2223 } })).toContain(
      'listen-ng = [::1]:2223',
    );
  });

  it('refuses values that are not addresses or ports', () => {
    expect(() => rtpengineConfig({ ...base, address: '10.0.0.4\ninterface = x' })).toThrow();
    expect(() => rtpengineConfig({ ...base, ports: { min: 40000, max: 30000 } })).toThrow();
    expect(() => rtpengineConfig({ ...base, ports: { min: 80, max: 3000 } })).toThrow();
    expect(() =>
      rtpengineConfig({ ...base, control: { address: '127.0.0.1', port: 0 } }),
    ).toThrow();
  });
});
