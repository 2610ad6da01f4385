import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. Classes are only added, never overridden: tailwind-merge would
 * cost 8 KB of the landing page's budget, so components offer variants (button
 * `size`, `justify`) instead of conflicting overrides.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
