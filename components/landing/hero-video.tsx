'use client';
import { useEffect, useRef } from 'react';
import { wireHeroVideo } from '@/lib/client/hero-video';

/**
 * The product video: muted, inline, looping. It starts by itself, once the framework runs, only when
 * the visitor has not asked for reduced motion and has not pressed its button (so there is no
 * `autoPlay` attribute), and can always be paused. The button works from the first paint, without the
 * framework: an inline script wires it (lib/client/hero-video.ts, which says what it shows and why);
 * without JavaScript the video keeps its native controls and the button is hidden.
 */
export function HeroVideo({
  poster,
  label,
  fallback,
  pauseLabel,
  playLabel,
}: {
  poster: string;
  label: string;
  fallback: string;
  pauseLabel: string;
  playLabel: string;
}) {
  const figure = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = figure.current;
    if (!element) return;
    wireHeroVideo(element);
    const video = element.querySelector('video');
    if (!video || element.hasAttribute('data-touched')) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    video.play().catch(() => undefined);
  }, []);

  return (
    <figure ref={figure} className="hero-video">
      {/* The poster as a plain image under the video: painted with the first frame of HTML rather than
          whenever the media element gets to it, so it — not the video's first frame — is the page's
          largest paint. It is a data URI of vector art (./hero-poster.ts), which next/image would not
          improve. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img className="hero-video__poster" src={poster} alt="" width={960} height={540} />
      {/* `controls` is for visitors without JavaScript; the wiring script removes it before the first
          paint, so the hydrated DOM legitimately differs here. */}
      <video
        muted
        playsInline
        loop
        controls
        preload="none"
        width={1280}
        height={720}
        poster={poster}
        aria-label={label}
        suppressHydrationWarning
      >
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
        <p>{fallback}</p>
      </video>
      <button type="button" className="hero-video__toggle" suppressHydrationWarning>
        <span className="hero-video__when-paused">{playLabel}</span>
        <span className="hero-video__when-playing">{pauseLabel}</span>
      </button>
    </figure>
  );
}
