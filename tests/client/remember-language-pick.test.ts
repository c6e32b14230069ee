/** @jest-environment jsdom */
import { rememberLanguagePick } from '@/lib/client/remember-language-pick';
import { localeCookieFor } from '@/lib/i18n/locale-cookie';

describe('remembering a language pick before the framework starts (an inline script on the landing)', () => {
  const written: string[] = [];
  beforeAll(() => {
    Object.defineProperty(document, 'cookie', { configurable: true, set: (value: string) => written.push(value) });
    // Its own source text is what runs on the page.
    new Function('document', `(${rememberLanguagePick.toString()})(document)`)(document);
  });
  beforeEach(() => {
    written.length = 0;
    document.body.innerHTML = `<a href="/jp" data-locale-cookie="${localeCookieFor('ja')}"><span>日本語</span></a><a href="/join">join</a>`;
  });
  const click = (selector: string, init: MouseEventInit = {}) =>
    document
      .querySelector(selector)!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));

  it('writes the cookie the picked link carries, the one the switcher writes', () => {
    click('a[href="/jp"] span');
    expect(written).toEqual(['i18n_redirected=jp; Path=/; Max-Age=31536000; SameSite=Lax']);
  });

  it('ignores other links, and clicks that open a new tab or window', () => {
    click('a[href="/join"]');
    click('a[href="/jp"]', { ctrlKey: true });
    click('a[href="/jp"]', { metaKey: true });
    click('a[href="/jp"]', { button: 1 });
    expect(written).toEqual([]);
  });
});
