/**
 * Fades and lifts its content in the first time it scrolls into view: <RevealOnScroll> marks it
 * `data-revealed` and landing.css runs the transition (0.55 s, `delay` seconds late). Only opacity
 * and transform change, so nothing around it moves (no layout shift); without JavaScript the page's
 * <noscript> style shows everything at once. A server component: no JavaScript per reveal.
 */
export function Reveal({
  children,
  delay = 0,
  className,
}: {
  children: React.ReactNode;
  delay?: number;
  className?: string;
}) {
  const style = delay ? ({ '--reveal-delay': `${delay}s` } as React.CSSProperties) : undefined;
  return (
    <div className={className} data-reveal="" style={style}>
      {children}
    </div>
  );
}
