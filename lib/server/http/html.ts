import 'server-only';

/*
 * The pages the server writes itself, without React: the status pages, the link opening page and
 * the gateways' local sandboxes. One escaping and one set of headers for all of them.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** An HTML page no cache keeps and no link from it refers back to; `headers` add the page's own (its policy…). */
export function htmlResponse(status: number, html: string, headers: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      ...headers,
    },
  });
}
