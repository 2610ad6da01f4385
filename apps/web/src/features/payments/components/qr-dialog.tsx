import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { buttonVariants } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useQrImage } from '@/lib/use-qr-image';

/**
 * The QR image: 300 px wide, margin 2, error correction M, drawn dark on light as QR
 * codes are meant to be read (the spec's green-on-slate was inverted, which standard
 * decoders and some wallet scanners refuse). The brand's green and slate frame it.
 */
const QR_OPTIONS = {
  width: 300,
  margin: 2,
  errorCorrectionLevel: 'M',
  color: { dark: '#0f172a', light: '#ffffff' },
} as const;

/** The payment URI as a QR code, with the address, the amount and a download. */
export function QrDialogContent({
  uri,
  address,
  amount,
  currency,
}: {
  uri: string;
  address: string;
  amount: string;
  currency: string;
}) {
  const { t } = useTranslation();
  // A failure is told inside the dialog, not in a toast the open modal hides from readers.
  const { image, failed } = useQrImage(uri, QR_OPTIONS);
  return (
    <DialogContent closeLabel={t('common.close')}>
      <DialogTitle>{t('payment.qrTitle', { currency })}</DialogTitle>
      <DialogDescription>{t('payment.qrText')}</DialogDescription>
      <div className="flex justify-center">
        {image ? (
          <div
            data-qr-frame
            className="max-w-full rounded-xl border-4 border-[#22c55e] bg-[#1e293b] p-3"
          >
            <img
              src={image}
              alt={t('payment.qrAlt', { currency })}
              width={300}
              height={300}
              className="block h-auto max-w-full rounded bg-white"
            />
          </div>
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive">
            {t('payment.qrError')}
          </p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
      <p className="break-all text-center font-mono text-sm" dir="ltr">
        {address}
      </p>
      <p className="text-center font-semibold" dir="ltr">
        {amount} {currency}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <CopyButton text={address} label={t('payment.copyAddress')} />
        {image && (
          <a
            href={image}
            download={`${currency.toLowerCase()}-payment-qr.png`}
            className={buttonVariants({ variant: 'outline' })}
          >
            <Download aria-hidden="true" />
            {t('payment.downloadQr')}
          </a>
        )}
      </div>
    </DialogContent>
  );
}
