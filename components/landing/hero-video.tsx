'use client';
import { useEffect, useRef, useState } from 'react';

/**
 * The product video: muted, inline, looping. It starts by itself only when the visitor has not
 * asked for reduced motion (so there is no `autoPlay` attribute), and can always be paused.
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
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.play().catch(() => undefined);
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };

  return (
    <figure className="hero-video">
      {/* The poster as a plain image under the video: painted with the first frame of HTML rather than
          whenever the media element gets to it, so it — not the video's first frame — is the page's
          largest paint. It is already a 960×540 WebP, so next/image would add nothing. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img className="hero-video__poster" src={poster} alt="" width={960} height={540} fetchPriority="high" />
      <video
        ref={video}
        muted
        playsInline
        loop
        preload="none"
        width={1280}
        height={720}
        poster={poster}
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
        <p>{fallback}</p>
      </video>
      <button type="button" className="hero-video__toggle" onClick={toggle} aria-pressed={!playing}>
        {playing ? pauseLabel : playLabel}
      </button>
    </figure>
  );
}
