import type { CSSProperties, ReactNode } from 'react';

/**
 * Fades and lifts its content in the first time it scrolls into view. Only opacity and transform
 * change, so nothing around it moves (no layout shift). `order` staggers blocks that enter together
 * (cards in a row). The hidden start and the fade are CSS (landing.css); lib/client/reveal-on-view.ts says when.
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
