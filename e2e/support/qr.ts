import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * What a QR code on the page says, read as a plain scanner reads it: a screenshot of
 * `target` decoded by jsQR told never to try the image inverted. Null when it cannot be
 * read that way (a code drawn light on dark, for one).
 */
export async function readQr(page: Page, target: Locator): Promise<string | null> {
  const png = (await target.screenshot()).toString('base64');
  // The page's canvas turns the PNG into pixels; jsQR reads them here.
  const { width, height, rgba } = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let text = '';
    for (let i = 0; i < data.length; i += 0x8000)
      text += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, rgba: btoa(text) };
  }, png);
  const pixels = new Uint8ClampedArray(Buffer.from(rgba, 'base64'));
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
