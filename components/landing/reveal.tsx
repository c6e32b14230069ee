import type { CSSProperties, ReactNode } from 'react';
import { revealOnView } from '@/lib/client/reveal-on-view';

/**
 * Fades and lifts its content in the first time it scrolls into view. Only opacity and transform
 * change, so nothing around it moves (no layout shift). `order` staggers blocks that enter together
 * (cards in a row). The hidden start and the fade are CSS (landing.css); RevealScript says when.
 */
export function Reveal({
  children,
  order = 0,
  className,
}: {
  children: ReactNode;
  order?: number;
  className?: string;
}) {
  const style = order > 0 ? ({ '--reveal-order': order } as CSSProperties) : undefined;
  return (
    // The script adds `revealed` to the class before the framework hydrates this; React keeps it.
    <div className={className} style={style} data-reveal="" suppressHydrationWarning>
      {children}
    </div>
  );
}

/** Once, before the first block: lib/client/reveal-on-view.ts as an inline script (hashed by the CSP step). */
export function RevealScript() {
  return <script dangerouslySetInnerHTML={{ __html: `(${revealOnView.toString()})(document)` }} />;
}
