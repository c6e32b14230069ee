'use client';
import type { ReactNode } from 'react';
import { focusedPages } from '@/lib/config/pages';
import { usePathname } from '@/lib/i18n/navigation';

/**
 * Its children everywhere but on the pay and team pages (`focusedPages`). The path is known while
 * each page is prerendered, so a focused page's HTML never carries what is left out.
 */
export function OutsideFocusedPages({ children }: { children: ReactNode }) {
  return focusedPages.has(usePathname()) ? null : children;
}
