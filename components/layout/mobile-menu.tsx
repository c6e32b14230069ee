'use client';

import { useEffect, useId, useState, type ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

/** Below the `md` breakpoint the navigation collapses behind a toggle button. */
export function MobileMenu({
  openLabel,
  closeLabel,
  children,
}: {
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const pathname = usePathname();
  // The menu belongs to the page it was opened on: navigating elsewhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean | ((current: boolean) => boolean)) =>
    setOpenOn((current) => ((typeof value === 'function' ? value(current === pathname) : value) ? pathname : null));
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        <span className="visually-hidden">{open ? closeLabel : openLabel}</span>
      </button>
      <div
        id={id}
        className="site-nav__panel"
        data-open={open}
        onClick={(event) => (event.target as HTMLElement).closest('a') && setOpen(false)}
      >
        {children}
      </div>
    </>
  );
}
