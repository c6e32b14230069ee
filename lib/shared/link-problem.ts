/**
 * Why a pay or team link did not open a session, as the page that follows says it. The exchange
 * sends the browser to the page with `?link=<problem>`; the page shows the matching message
 * (messages `LinkErrors.*`). `missing`: the page was opened without a link and without a session.
 */
export const linkProblems = ['replayed', 'expired', 'invalid', 'missing'] as const;
export type LinkProblem = (typeof linkProblems)[number];

/** The query parameter that carries the problem; it names no person and grants nothing. */
export const LINK_PROBLEM_PARAM = 'link';

/**
 * With a problem, the platform the refused link came from (one of lib/config/site.ts's), when the
 * token names one: the page then offers a one-tap way back to the assistant there.
 */
export const LINK_CHAT_PARAM = 'chat';

export function isLinkProblem(value: unknown): value is LinkProblem {
  return typeof value === 'string' && (linkProblems as readonly string[]).includes(value);
}

/** The chat command that gets a new link for each page. */
export const linkCommand = { pay: '/pay', team: '/team' } as const;
