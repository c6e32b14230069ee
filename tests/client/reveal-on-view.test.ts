/** @jest-environment jsdom */
import { revealOnView } from '@/lib/client/reveal-on-view';

/** A stand-in IntersectionObserver: the test says which elements come into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {}
  enter(element: Element) {
    const entry = { target: element, isIntersecting: true } as unknown as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const flushMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp({ reducedMotion = false, intersectionObserver = true } = {}) {
  document.documentElement.className = '';
  document.body.innerHTML = '';
  FakeIntersectionObserver.instances = [];
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    value: intersectionObserver ? FakeIntersectionObserver : undefined,
  });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: reducedMotion && query.includes('reduce') }),
  });
  revealOnView(document);
  return FakeIntersectionObserver.instances[0];
}

const block = (parent: HTMLElement = document.body) => {
  const element = document.createElement('div');
  element.dataset.reveal = '';
  parent.append(element);
  return element;
};

describe('the landing reveals (lib/client/reveal-on-view.ts, an inline script)', () => {
  it('marks the document, then reveals each block the first time it comes into view, and stops watching it', async () => {
    const observer = setUp()!;
    expect(document.documentElement.classList.contains('reveals')).toBe(true);
    const first = block();
    const second = block();
    await flushMutations();
    expect([...observer.observed]).toEqual([first, second]);
    observer.enter(first);
    expect(first.classList.contains('revealed')).toBe(true);
    expect(second.classList.contains('revealed')).toBe(false);
    expect(observer.observed.has(first)).toBe(false);
  });

  it('finds blocks a client-side navigation inserts later, nested in a section', async () => {
    const observer = setUp()!;
    const section = document.createElement('section');
    const inner = block(section);
    document.body.append(section);
    await flushMutations();
    expect(observer.observed.has(inner)).toBe(true);
  });

  it('hides nothing where nothing would show it: reduced motion, or no IntersectionObserver', () => {
    expect(setUp({ reducedMotion: true })).toBeUndefined();
    expect(document.documentElement.classList.contains('reveals')).toBe(false);
    setUp({ intersectionObserver: false });
    expect(document.documentElement.classList.contains('reveals')).toBe(false);
  });

  it('runs from its own source text, as the inline script does', async () => {
    setUp({ reducedMotion: true }); // clean slate, nothing registered
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => ({ matches: false }) });
    FakeIntersectionObserver.instances = [];
    new Function('document', `(${revealOnView.toString()})(document)`)(document);
    expect(document.documentElement.classList.contains('reveals')).toBe(true);
    const element = block();
    await flushMutations();
    expect(FakeIntersectionObserver.instances[0]!.observed.has(element)).toBe(true);
  });
});
