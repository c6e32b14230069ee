import type { ReactNode } from 'react';
import card from './status-card.module.css';

/**
 * A personal page whose data the site cannot reach right now (the ledger or the assistant's
 * backend is down): say so in the page's own words and show no account data. The pay page and the
 * team page both render this, each with its translated text and its own way of trying again.
 */
export function UnavailableView({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section
      className={`${card.card} ${card.processing}`}
      aria-labelledby="unavailable-title"
      data-status="unavailable"
    >
      <h1 id="unavailable-title">{title}</h1>
      <p role="status">{text}</p>
      {children}
    </section>
  );
}
