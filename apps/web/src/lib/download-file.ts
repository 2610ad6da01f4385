import { ApiError } from './api-client';

/**
 * Fetches a file the API answers as an attachment and hands it to the browser to save,
 * under the name its Content-Disposition gives. Fetched first, so a refusal arrives as
 * an ApiError to show rather than as a page of JSON.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { credentials: 'include' });
  if (!res.ok) {
    const refusal = (
      (await res.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
      } | null
    )?.error;
    throw new ApiError(res.status, refusal?.code ?? null, refusal?.message ?? res.statusText);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
