/**
 * The hero video's play/pause button (components/landing/hero-video.tsx), wired without the framework:
 * a button that waited for it did nothing on a press before the framework's scripts had arrived (with
 * reduced motion, where nothing plays by itself, that press is the visitor's only way to start the video). An inline script right after the video's figure runs this as the page
 * is parsed; the component runs it again after a client-side navigation (an inline script inserted by
 * the framework does not run). Once is enough: the figure is marked.
 *
 * What the button says is what a press does ("Play" while paused, "Pause" while playing): both labels
 * are in it, and `data-playing`, set from the video's own play and pause events, shows one (CSS). It
 * has no `aria-pressed`: a button whose name changes with its state must not also announce a pressed
 * state, which would then contradict it (WAI-ARIA APG, button pattern).
 *
 * The server HTML gives the video native `controls` and CSS hides the button without scripting, so a
 * visitor without JavaScript can play it; this removes them, the button taking their place. A press
 * marks the figure (`data-touched`), so the framework's autoplay never overrides the visitor.
 *
 * Its source text is what runs, so it uses nothing outside itself.
 */
export function wireHeroVideo(figure: Element | null): void {
  if (!figure || figure.hasAttribute('data-wired')) return;
  const video = figure.querySelector('video');
  const button = figure.querySelector('button');
  if (!video || !button) return;
  figure.setAttribute('data-wired', '');
  video.removeAttribute('controls');
  const show = () => button.setAttribute('data-playing', video.paused ? 'false' : 'true');
  video.addEventListener('play', show);
  video.addEventListener('pause', show);
  button.addEventListener('click', () => {
    figure.setAttribute('data-touched', '');
    if (video.paused) {
      video.play().catch(() => undefined);
    } else {
      video.pause();
    }
  });
  show();
}
