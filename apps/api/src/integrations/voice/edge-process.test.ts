import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers.js';
import { privateRunDir, renderKamailio, renderRtpengine } from './edge-process.js';
import type { EdgeSettings } from './kamailio-config.js';
import type { MediaSettings } from './rtpengine-config.js';

const SECRET = 'e'.repeat(32);
const media: MediaSettings = {
  address: '127.0.0.1',
  ports: { min: 30000, max: 30099 },
  control: { address: '127.0.0.1', port: 2223 },
};
const settings: EdgeSettings = {
  domain: 'sip.example.com',
  listen: { address: '127.0.0.1', port: 5060 },
  databaseUrl: 'postgres://parley_edge:db-s3cret@127.0.0.1:5432/parley',
  parleyUrl: 'http://127.0.0.1:5000',
  edgeSecret: SECRET,
  trunk: '127.0.0.1:5070',
  trunkAuth: { username: 'acme', password: 'trunk-s3cret' },
  trunkSources: [],
  rpc: { address: '127.0.0.1', port: 5071 },
  ringTimeoutSeconds: 60,
  tls: { port: 5061, certificate: '/etc/parley/sip.pem', privateKey: '/etc/parley/sip.key' },
  media: media.control,
  authFailLimit: 5,
  authBanSeconds: 60,
};
const modeOf = (p: string) => fs.lstatSync(p).mode & 0o777;
const made: string[] = [];
const later = (p: string) => {
  made.push(p);
  return p;
};
afterEach(() => {
  for (const p of made.splice(0)) fs.rmSync(p, { recursive: true, force: true });
});

describe("the SIP edge's run folder", () => {
  it('is a new private folder each time, with a random name', () => {
    const a = later(privateRunDir());
    const b = later(privateRunDir());
    expect(a).not.toBe(b);
    for (const dir of [a, b]) {
      expect(path.dirname(dir)).toBe(os.tmpdir());
      expect(path.basename(dir)).toMatch(/^parley-voice-edge-\w{6,}$/);
      expect(fs.lstatSync(dir).isDirectory()).toBe(true);
      expect(modeOf(dir)).toBe(0o700);
    }
  });

  it('holds the secrets in files only its owner can read', () => {
    const dir = later(privateRunDir());
    renderKamailio(settings, dir);
    renderRtpengine(media, dir);
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(['kamailio.cfg', 'parley-settings.cfg', 'rtpengine.conf', 'tls.cfg']);
    for (const f of files) expect(modeOf(path.join(dir, f))).toBe(0o600);
    const written = fs.readFileSync(path.join(dir, 'parley-settings.cfg'), 'utf8');
    for (const secret of [SECRET, 'db-s3cret', 'trunk-s3cret']) expect(written).toContain(secret);
  });

  it('never writes through a file or link that is already there', () => {
    const victim = later(tempDir('parley-victim-'));
    fs.writeFileSync(path.join(victim, 'owned'), 'keep me', { mode: 0o600 });
    const dir = later(privateRunDir());
    fs.symlinkSync(path.join(victim, 'owned'), path.join(dir, 'parley-settings.cfg'));
    expect(() => renderKamailio(settings, dir)).toThrow(/EEXIST|already/);
    expect(fs.readFileSync(path.join(victim, 'owned'), 'utf8')).toBe('keep me');
    // Rendering twice into one folder is refused too: nothing is overwritten.
    const again = later(privateRunDir());
    renderRtpengine(media, again);
    expect(() => renderRtpengine(media, again)).toThrow(/EEXIST|already/);
  });

  it('refuses a folder that is a link, or that others can enter', () => {
    const victim = later(tempDir('parley-victim-'));
    const link = later(path.join(os.tmpdir(), `parley-link-${process.pid}-${Date.now()}`));
    fs.symlinkSync(victim, link);
    expect(() => renderKamailio(settings, link)).toThrow(/private/);
    expect(() => renderRtpengine(media, link)).toThrow(/private/);
    const open = later(tempDir('parley-open-'));
    fs.chmodSync(open, 0o755);
    expect(() => renderKamailio(settings, open)).toThrow(/private/);
    expect(fs.readdirSync(victim)).toEqual([]);
    expect(fs.readdirSync(open)).toEqual([]);
  });

  it('ignores a folder or link planted at the name the edge once used', () => {
    // Another local user creates /tmp/parley-voice-edge-<pid> first, pointing elsewhere.
    const victim = later(tempDir('parley-victim-'));
    const planted = later(path.join(os.tmpdir(), `parley-voice-edge-${process.pid}`));
    fs.rmSync(planted, { recursive: true, force: true });
    fs.symlinkSync(victim, planted);
    const dir = later(privateRunDir());
    expect(dir).not.toBe(planted);
    renderKamailio(settings, dir);
    renderRtpengine(media, dir);
    expect(fs.readdirSync(victim)).toEqual([]);
    expect(fs.readlinkSync(planted)).toBe(victim);
  });
});
