import { notFound } from 'next/navigation';

// Unknown paths inside a locale reach this catch-all, so the 404 renders in that locale.
export default function CatchAll() {
  notFound();
}
