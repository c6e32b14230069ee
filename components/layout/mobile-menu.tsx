'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

/**
 * Below the `md` breakpoint the navigation collapses behind a toggle button. The browser's popover
 * does the rest: the button opens and closes it, Escape and a tap outside close it, and the button
 * reports it expanded; so the menu works before the framework has started (or if it never does). The
 * label that shows (open or close) is CSS.
 * With the framework, picking a link or any other navigation also closes it.
 */
export function MobileMenu({
  openLabel,
  closeLabel,
  children,
}: {
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const close = () => closePopover(panel.current);

  // The menu belongs to the page it was opened on: a navigation closes it. Not the first run: on the
  // landing the framework hydrates after the first tap, which may have been the one that opened it.
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (openedOn.current === pathname) return;
    openedOn.current = pathname;
    closePopover(panel.current);
  }, [pathname]);

  return (
    <>
      <button type="button" className="site-nav__toggle" popoverTarget={id}>
        <span className="site-nav__when-closed">
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{openLabel}</span>
        </span>
        <span className="site-nav__when-open">
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{closeLabel}</span>
        </span>
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        className="site-nav__panel"
        onClick={(event) => (event.target as HTMLElement).closest('a') && close()}
      >
        {children}
      </div>
    </>
  );
}

function closePopover(element: HTMLElement | null) {
  if (element?.matches(':popover-open')) element.hidePopover();
}
