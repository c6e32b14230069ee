import { wireHeroVideo } from '@/lib/client/hero-video';
import { rememberLanguagePick } from '@/lib/client/remember-language-pick';
import { revealOnView } from '@/lib/client/reveal-on-view';

/**
 * What the landing does without waiting for its framework (which may arrive late, or never, on a
 * slow or failing network): the reveals, and remembering a language pick. One inline script,
 * made from the two functions' source text, placed before the first reveal block; the CSP step after
 * the build allows it by hash.
 */
export function BeforeFrameworkScript() {
  const code = [revealOnView, rememberLanguagePick].map((run) => `(${run.toString()})(document);`).join('');
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}

/**
 * Wires the hero video's button as the page is parsed (lib/client/hero-video.ts), so its first press
 * works before the framework: placed right after the video's figure. Allowed by hash like the one above.
 */
export function HeroVideoScript() {
  const code = `(${wireHeroVideo.toString()})(document.currentScript.previousElementSibling);`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
