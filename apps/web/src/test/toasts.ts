import { vi } from 'vitest';
import * as toast from '@/lib/toast';

/**
 * showToast as a spy for the file that calls this at its top: its calls can be asserted,
 * and no toast is drawn. A spy on the module's namespace leaves the shared module graph
 * as it was; the set-up restores it after the file (decision 0073).
 */
export const spyOnToasts = () => vi.spyOn(toast, 'showToast').mockImplementation(() => {});
