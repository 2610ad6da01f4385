import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '@/test/toasts';

const showToast = spyOnToasts();

vi.mock('qrcode', () => ({ toDataURL: vi.fn() }));

import { toDataURL } from 'qrcode';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { renderWithApp } from '@/test/render';
import { QrDialogContent } from './qr-dialog';

const ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const qr = vi.mocked(toDataURL as unknown as (uri: string, options: unknown) => Promise<string>);

afterEach(() => {
  qr.mockReset();
  showToast.mockClear();
});

async function openDialog() {
  const user = userEvent.setup();
  renderWithApp(
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button">Show QR code</Button>
      </DialogTrigger>
      <QrDialogContent uri={`bitcoin:${ADDRESS}`} address={ADDRESS} amount="0.001" currency="BTC" />
    </Dialog>,
  );
  await user.click(screen.getByRole('button', { name: 'Show QR code' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Pay with BTC' }) };
}

describe('QrDialogContent', () => {
  it('shows the QR code and its download', async () => {
    qr.mockResolvedValue('data:image/png;base64,AAAA');
    const { dialog } = await openDialog();
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for the BTC payment' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download QR' }).getAttribute('download')).toBe(
      'btc-payment-qr.png',
    );
  });

  it('draws the code dark on light, as every scanner reads it; the brand colours only frame it', async () => {
    qr.mockResolvedValue('data:image/png;base64,AAAA');
    const { dialog } = await openDialog();
    const img = await within(dialog).findByRole('img', { name: 'QR code for the BTC payment' });
    const options = qr.mock.calls[0]?.[1] as { color: { dark: string; light: string } };
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    // Near black on white: contrast a standard decoder reads without trying inverted images.
    expect(luminance(options.color.dark)).toBeLessThan(0.1);
    expect(luminance(options.color.light)).toBeGreaterThan(0.9);
    expect(img.closest('[data-qr-frame]')).not.toBeNull();
  });

  it('says in the dialog when the code cannot be made, instead of loading for ever', async () => {
    qr.mockRejectedValue(new Error('too long'));
    const { dialog } = await openDialog();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'QR Code Error - Failed to generate QR code',
    );
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Download QR' })).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('stays quiet when the dialog closed before the failure', async () => {
    let fail: (err: Error) => void = () => {};
    qr.mockReturnValue(
      new Promise<string>((_resolve, reject) => {
        fail = reject;
      }),
    );
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    fail(new Error('late'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(showToast).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
