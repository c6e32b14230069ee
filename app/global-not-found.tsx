import type { Metadata } from 'next';
import '@/app/globals.css';

export const metadata: Metadata = {
  title: '404 · This page could not be found',
  robots: { index: false },
};

// Requests that never reach a `[locale]` layout (for example `/missing.txt`) end here. The
// proxy sends every other unknown path to the localized not-found page.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main className="status-page">
          <p className="status-page__code" aria-hidden="true">
            404
          </p>
          <h1>This page could not be found</h1>
          {/* A plain link: a full page load is the way out of a broken render tree. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a className="button button--primary" href="/">
            Back to the home page
          </a>
        </main>
      </body>
    </html>
  );
}
