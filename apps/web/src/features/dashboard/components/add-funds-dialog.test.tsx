import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, renderWithApp } from '@/test/render';
import { AddFundsDialog } from './add-funds-dialog';

describe('AddFundsDialog', () => {
  it('focuses the amount once its error is rendered, so a screen reader reads it', async () => {
    const user = userEvent.setup();
    renderWithApp(<AddFundsDialog />, { user: aUser() });
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '99');
    await user.click(within(dialog).getByLabelText('Cryptocurrency'));

    let atFocus: Record<string, string | null | undefined> = {};
    amount.addEventListener('focus', () => {
      atFocus = {
        invalid: amount.getAttribute('aria-invalid'),
        describedBy: amount.getAttribute('aria-describedby'),
        error: document.getElementById('add-funds-amount-error')?.textContent,
      };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(document.activeElement).toBe(amount);
    expect(atFocus).toEqual({
      invalid: 'true',
      describedBy: 'add-funds-amount-error',
      error: 'Minimum deposit is $100 USD',
    });
  });
});
