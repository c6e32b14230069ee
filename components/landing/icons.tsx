/** The feature illustrations: simple line icons drawn for this site (currentColor, decorative). */
const paths = {
  content: 'M4 20h4l10.5-10.5a2.1 2.1 0 0 0-3-3L5 17v3zM13.5 7.5l3 3M4 4h8M4 8h5',
  translation: 'M3 5h9M7.5 3v2M5 5c.5 3 2.5 5.5 6 7M10 5c-.5 3-3 6-7 8M13 21l4-10 4 10M14.5 17.5h5',
  onboarding: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M19 8v6M16 11h6',
  knowledge: 'M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2V5zM4 19a2 2 0 0 1 2-2h12M9 8h6M9 12h4',
  decisions: 'M4 20V10M10 20V4M16 20v-7M22 20H2M3 7l6-3 6 5 6-4',
  support:
    'M4 13v-2a8 8 0 0 1 16 0v2M4 13h3v6H5a1 1 0 0 1-1-1v-5zM20 13h-3v6h2a1 1 0 0 0 1-1v-5zM17 19a4 4 0 0 1-4 3h-1',
} as const;

export type FeatureIcon = keyof typeof paths;
export const featureIcons = Object.keys(paths) as FeatureIcon[];

export function Icon({ name }: { name: FeatureIcon }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** A chevron pointing "onward": mirrored in right-to-left pages by CSS (.icon-directional). */
export function Chevron() {
  return (
    <svg
      className="icon-directional"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}
