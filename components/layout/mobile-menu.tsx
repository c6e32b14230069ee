'use client';

import { useEffect, useId, useState, type ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

/** Below the `md` breakpoint the navigation collapses behind a toggle button. */
export function MobileMenu({ openLabel, closeLabel, children }: { openLabel: string; closeLabel: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const pathname = usePathname();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
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
