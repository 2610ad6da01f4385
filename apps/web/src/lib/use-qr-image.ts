import type { QRCodeToDataURLOptions } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A text drawn as a QR code (a data URL). qrcode loads only when a code is shown, so it
 * stays out of the landing page's bundle. A new text, or leaving, ends the attempt:
 * nothing shows after it. A failure is returned, for the caller to tell in place.
 */
export function useQrImage(text: string, options: QRCodeToDataURLOptions) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // Options are constants of each caller; the text alone restarts the drawing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: options never change
  useEffect(() => {
    let live = true;
    setImage(null);
    setFailed(false);
    import('qrcode')
      .then((qr) => qr.toDataURL(text, options))
      .then((url) => {
        if (live) setImage(url);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return { image, failed };
}
