import type { SmsSendInput } from '@parley/shared';
import { useDebounced } from '@/lib/use-debounced';
import { useSmsQuote } from './sms';

export const QUOTE_DEBOUNCE_MS = 300;

/**
 * The server's price for the draft, asked once the draft is valid and has not changed for
 * 300 ms. Until then (and while typing) nothing is asked and nothing stale is shown.
 */
export function useDraftQuote(input: SmsSendInput | null) {
  const key = input ? JSON.stringify([input.senderId, input.recipient, input.message]) : null;
  const settled = useDebounced(key, QUOTE_DEBOUNCE_MS);
  const query = useSmsQuote(key !== null && settled === key ? input : null);
  return { ...query, waiting: key !== null && (settled !== key || query.isPending) };
}
