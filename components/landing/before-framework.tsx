import { rememberLanguagePick } from '@/lib/client/remember-language-pick';
import { revealOnView } from '@/lib/client/reveal-on-view';

/**
 * What the landing does before its framework starts (on the first interaction, see
 * scripts/build/paint-first.mjs): the reveals, and remembering a language pick. One inline script,
 * made from the two functions' source text, placed before the first reveal block; the CSP step after
 * the build allows it by hash.
 */
export function BeforeFrameworkScript() {
  const code = [revealOnView, rememberLanguagePick].map((run) => `(${run.toString()})(document);`).join('');
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
