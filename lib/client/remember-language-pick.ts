/**
 * Before the framework has started (its scripts are async, and may be late on a slow network), a language picked
 * in the switcher is followed as a plain link; this remembers the pick as the switcher does, by writing
 * the cookie the link carries (`data-locale-cookie`, from localeCookieFor). Once the framework runs,
 * the switcher writes the same cookie itself; writing it twice changes nothing.
 *
 * An inline script on the landing (components/landing/before-framework.tsx): its source text is what
 * runs, so it uses nothing outside itself.
 */
export function rememberLanguagePick(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target as Element | null;
      const link = target && target.closest ? target.closest<HTMLElement>('a[data-locale-cookie]') : null;
      if (!link) return;
      const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
      doc.cookie = `${link.dataset.localeCookie}${secure}`;
    },
    true,
  );
}
