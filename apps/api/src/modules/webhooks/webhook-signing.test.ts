import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signing.js';

// The Standard Webhooks reference library's published vector (libraries/javascript,
// "sign function works").
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signatures', () => {
  it('match the published test vector, with or without the whsec_ prefix', () => {
    const { secret, id, timestamp, body, signature } = VECTOR;
    expect(signWebhook(secret, id, timestamp, body)).toBe(signature);
    expect(signWebhook(secret.slice(6), id, timestamp, body)).toBe(signature);
    const reference = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
    expect(reference).toBe(signature);
  });

  it("verify with the reference package's verifier, for every secret that signs", () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'sms.delivered', data: { id: 'x', cost: '0.0400' } });
    const headers = webhookHeaders([a, b], 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ type: 'sms.delivered' });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ type: 'sms.delivered' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(a).verify(`${body} `, headers)).toThrow();
  });

  it('makes secrets of 32 random bytes behind whsec_', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    }
  });
});
