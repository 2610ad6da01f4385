import { type ComponentType, lazy } from 'react';
import { loadFullEnglish } from '@/lib/i18n';

/** A lazy page: its code and the rest of the English messages load together. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadFullEnglish()]).then(([module]) => module));
}
