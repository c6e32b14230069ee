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
