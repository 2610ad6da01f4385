import type { AdminService } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { ServicesTab } from './services-tab';

spyOnToasts();

afterEach(() => vi.unstubAllGlobals());

const sms: AdminService = {
  id: 's1',
  name: 'SMS Messaging',
  slug: 'sms',
  description: 'Texts worldwide.',
  icon: 'message-square',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  translations: { de: { name: 'SMS-Nachrichten', description: 'Weltweit.' } },
};

function editSms() {
  const api = fakeApi({
    'GET /api/admin/services': () => json([sms]),
    'PUT /api/admin/services/s1': (init) => json({ ...sms, ...JSON.parse(String(init?.body)) }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ServicesTab />
    </QueryClientProvider>,
  );
  return api;
}

describe('ServicesTab translations', () => {
  it('edits a language’s name and description beside the English, keeping the others', async () => {
    const api = editSms();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit SMS Messaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    const language = within(dialog).getByLabelText('Language');
    // German is marked translated; no language's fields show until one is chosen.
    expect(within(language).getByRole('option', { name: 'Deutsch (translated)' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name (العربية)')).toBeNull();

    await user.selectOptions(language, 'ar');
    const description = within(dialog).getByLabelText('Description (العربية)');
    expect(description.getAttribute('dir')).toBe('rtl');
    expect(description.getAttribute('placeholder')).toBe('Texts worldwide.');
    await user.type(description, 'رسائل نصية حول العالم.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.count('PUT /api/admin/services/s1')).toBe(1));
    const body = api.calls.find((c) => c.key.startsWith('PUT'))?.body as {
      name: string;
      translations: Record<string, unknown>;
    };
    expect(body.name).toBe('SMS Messaging');
    expect(body.translations.ar).toEqual({ name: '', description: 'رسائل نصية حول العالم.' });
    expect(body.translations.de).toEqual({ name: 'SMS-Nachrichten', description: 'Weltweit.' });
  });

  it('refuses a control character before sending, opening the language to fix', async () => {
    const api = editSms();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit SMS Messaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'fr');
    // A control character arrives in a paste.
    await user.click(within(dialog).getByLabelText('Name (Français)'));
    await user.paste('SMS\u0007');
    await user.selectOptions(within(dialog).getByLabelText('Language'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Check the translations: Français')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name (Français)')).toBeTruthy();
    expect(api.count('PUT /api/admin/services/s1')).toBe(0);
  });
});
