'use client';

import './tokens.css';
import styles from './global-error.module.css';

// The last resort when the localized error view itself fails: no i18n, no layout, plain HTML.
export default function GlobalError() {
  return (
    <html lang="en">
      <body>
        <main className={styles.page}>
          <p className={styles.code} aria-hidden="true">
            500
          </p>
          <h1>An error occurred while showing the error page</h1>
          {/* A plain link: a full page load is the way out of a broken render tree. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a className={styles.home} href="/">
            Back to the home page
          </a>
        </main>
      </body>
    </html>
  );
}
