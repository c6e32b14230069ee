/**
 * The landing's reveals: each `[data-reveal]` block fades and lifts in the first time it scrolls into
 * view (the look is CSS, components/landing/landing.css; this only says when). It runs as an inline
 * script at the top of the landing (components/landing/before-framework.tsx), not in the framework:
 * the blocks are hidden by CSS from the first paint, so what shows them must not wait for the
 * framework's scripts (async, late on a slow network).
 *
 * Its source text is what runs, so it uses nothing outside itself. It marks the document first
 * (`reveals` on <html>), so blocks are hidden only where something will show them: without scripts,
 * without IntersectionObserver, or with reduced motion, everything is simply there. A
 * MutationObserver finds the blocks as the parser writes them, and any that a client-side navigation
 * brings back later.
 */
export function revealOnView(doc: Document): void {
  const view = doc.defaultView;
  if (!view || !view.IntersectionObserver || !view.MutationObserver) return;
  if (view.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  doc.documentElement.classList.add('reveals');
  const shown = new view.IntersectionObserver(
    (entries, observer) => {
      entries.forEach((entry) => {
        if (!entry.isIntersecting) return;
        entry.target.classList.add('revealed');
        observer.unobserve(entry.target);
      });
    },
    { rootMargin: '0px 0px -8% 0px' },
  );
  new view.MutationObserver((changes) => {
    changes.forEach((change) => {
      change.addedNodes.forEach((node) => {
        if (node.nodeType !== 1) return;
        const element = node as Element;
        if (element.matches('[data-reveal]')) shown.observe(element);
        element.querySelectorAll('[data-reveal]').forEach((block) => shown.observe(block));
      });
    });
  }).observe(doc, { childList: true, subtree: true });
}
