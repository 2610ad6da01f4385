import { WEBHOOK_EVENTS } from '@parley/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { WebhooksCard } from './webhooks-card';

beforeEach(() => {
  fakeApi({ 'GET /api/account/webhooks': () => json([]) });
});
afterEach(() => vi.unstubAllGlobals());

describe('WebhooksCard', () => {
  it('names every event with its code and what it means, the mail events included', async () => {
    renderWithApp(<WebhooksCard />, { user: aUser(), path: '/account' });
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes).toHaveLength(WEBHOOK_EVENTS.length);
    expect(screen.getByRole('checkbox', { name: 'mail.bounced An email bounced' })).toBeTruthy();
    expect(
      screen.getByRole('checkbox', {
        name: 'mail.deferred An email was deferred and will be retried',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'sms.delivered An SMS was delivered' }),
    ).toBeTruthy();
  });
});
