'use client';
import type { ReactNode } from 'react';
import { miniAppPages } from '@/lib/config/pages';
import { usePathname } from '@/lib/i18n/navigation';

/**
 * Its children everywhere but on the Mini App's pages, which Telegram's own window frames: no site
 * header, footer or back-to-top there. Known while each page is prerendered, so their HTML has none.
 */
export function OutsideMiniApp({ children }: { children: ReactNode }) {
  return miniAppPages.has(usePathname()) ? null : children;
}
