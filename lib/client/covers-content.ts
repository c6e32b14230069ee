/** What a person reads or uses: a floating control must not sit on top of any of it. */
const interactive =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

const intersects = (a: DOMRectReadOnly, b: DOMRectReadOnly) =>
  a.width > 1 && a.height > 1 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Whether anything under `area` (a floating control's box) is text or a control, `self` aside.
 * Walks the page from `root` into the elements whose box meets `area` only, so it reads a few dozen
 * boxes, not the page; an element of a pixel or less (visually hidden text) is not seen by anyone.
 */
export function coversContent(area: DOMRectReadOnly, self: Element, root: Element = document.body): boolean {
  const visit = (element: Element): boolean => {
    if (element === self) return false;
    const box = element.getBoundingClientRect();
    // A box of no size (`display: contents`, an empty wrapper) still has children to look into;
    // any other box that misses the area holds nothing under it (what is positioned outside its
    // parent is rare enough here to be missed).
    if (box.width > 0 || box.height > 0) {
      if (!intersects(box, area)) return false;
      if (element.matches(interactive)) return true;
    }
    for (const node of element.childNodes) {
      if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some((rect) => intersects(rect, area))) return true;
      } else if (node instanceof Element && visit(node)) return true;
    }
    return false;
  };
  return visit(root);
}
