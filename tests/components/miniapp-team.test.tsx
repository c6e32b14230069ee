/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '@/messages/en.json';
import vi from '@/messages/vi.json';
import { MiniAppTeam } from '@/components/miniapp/mini-app-team';
import { MemberSection } from '@/components/team/member-section';
import { TeamOverviewTable } from '@/components/team/team-overview';
import { holdSessionToken } from '@/lib/client/session-token';
import { localizedPath, locales, type Locale } from '@/lib/i18n/locales';
import type { MemberView, TeamOverview } from '@/lib/shared/team';
import { memberView } from '../support/team-members';

const router = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/telegramTeam',
  useRouter: () => router,
  useParams: () => ({ locale: 'en' }),
}));

/*
 * The team page inside Telegram: the Mini App's session is a token in memory, so after every change
 * the page reads the team API again itself (a server render would not see the token). The team API
 * is played here by a fake that keeps the team in memory, refuses in the language it is asked in,
 * and records every request with its headers.
 */
const TOKEN = 'mini-app-session-token';

interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** jsdom has no fetch Response: what the page reads of one. */
const answer = (status: number, body: unknown) =>
  ({ ok: status < 300, status, json: async () => body }) as unknown as Response;

const FAR_AWAY = '2099-01-01T00:00:00.000Z';

function serveTeamApi({
  pageSize = 25,
  members: start,
  planExpiresAt = FAR_AWAY,
}: {
  pageSize?: number;
  members: MemberView[];
  /** When the team's Team Pro runs out (far away unless a test lets it expire). */
  planExpiresAt?: string;
}) {
  const members = [...start];
  const sent: Sent[] = [];
  const refusal = (status: number, code: 'already_member', language: string) =>
    answer(status, {
      error: { code, message: (language.startsWith('vi') ? vi : en).TeamPage.errors[code] },
    });
  global.fetch = jest.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = init.headers as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method: init.method ?? 'GET', url, headers, body });
    if (headers.Authorization !== `Bearer ${TOKEN}`) return answer(401, { error: { code: 'no_team_session' } });
    const blocking = /^\/api\/team\/members\/([^/]+)\/(block|unblock)$/.exec(url.pathname);
    if (blocking) {
      const member = members.find((m) => m.memberId === blocking[1])!;
      member.status = blocking[2] === 'block' ? 'blocked' : 'active';
      return answer(200, { member });
    }
    if (url.pathname === '/api/team/overview') {
      const team = { platform: 'telegram', teamId: '-1002001', name: 'Acme Growth', plan: 'team_pro' };
      return answer(200, {
        team: { ...team, planExpiresAt, seats: 10, seatsUsed: members.length },
      });
    }
    if (init.method === 'POST') {
      const { username } = body as { username: string };
      if (members.some((m) => m.username === username))
        return refusal(409, 'already_member', headers['Accept-Language']!);
      const member = memberView({ memberId: `new-${username}`, username, fullName: null, status: 'invited' });
      members.push(member);
      return answer(201, { member });
    }
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    const found = members.filter((m) => `${m.fullName ?? ''} ${m.username}`.toLowerCase().includes(q.toLowerCase()));
    return answer(200, {
      members: found.slice((page - 1) * pageSize, page * pageSize),
      total: found.length,
      page,
      pageSize,
      selfId: 'alice',
    });
  }) as unknown as typeof fetch;
  return {
    sent,
    reads: (path: string) => sent.filter((request) => request.method === 'GET' && request.url.pathname === path),
  };
}

const team = [
  memberView({ memberId: 'alice', username: 'alice', fullName: 'Alice Nguyen', role: 'admin' }),
  memberView({ memberId: 'bob', username: 'bob', fullName: 'Bob Tran' }),
  memberView({ memberId: 'giang', username: 'giang', fullName: 'Giang Vo' }),
];

/** The page in `locale`: its words in Vietnamese or English (the links' addresses are what other locales check). */
function Intl({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'vi' ? vi : en} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

async function openMiniAppTeam(locale: Locale = 'en') {
  render(<MiniAppTeam />, { wrapper: ({ children }) => <Intl locale={locale}>{children}</Intl> });
  await screen.findByTestId('member-table');
}

const row = (username: string) => document.querySelector<HTMLElement>(`tr[data-member="${username}"]`);

beforeAll(() => {
  // jsdom has no modal dialogs: what ConfirmDialog uses of one.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
beforeEach(() => {
  holdSessionToken(TOKEN);
  jest.clearAllMocks();
});
afterAll(() => holdSessionToken(null));

describe('the team page inside Telegram', () => {
  it('adding a member posts with the Mini App’s bearer session, and the member shows once the team is read again', async () => {
    const api = serveTeamApi({ members: team });
    await openMiniAppTeam();
    expect(screen.getByTestId('team-seats-used')).toHaveTextContent('Seats used: 3 of 10');

    await userEvent.type(screen.getByLabelText('Username on Telegram'), '@new_colleague');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));

    await waitFor(() => expect(row('new_colleague')).not.toBeNull());
    const post = api.sent.find((request) => request.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/team/members');
    expect(post.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(post.body).toEqual({ platform: 'telegram', username: 'new_colleague' });
    // Read again after the add: the seats it took and the list it joined.
    expect(api.reads('/api/team/overview')).toHaveLength(2);
    expect(api.reads('/api/team/members')).toHaveLength(2);
    expect(api.sent.every((request) => request.headers.Authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(row('new_colleague')).toHaveTextContent('Invited');
    expect(screen.getByTestId('team-seats-used')).toHaveTextContent('Seats used: 4 of 10');
    expect(screen.getByTestId('team-announcement')).toHaveTextContent(
      '@new_colleague is invited and will become active when they first write in the chat.',
    );
    // The router has nothing to refresh: the page is prerendered and the session is not a cookie.
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it('a refused add shows the team API’s refusal in the page’s language, and changes nothing', async () => {
    const api = serveTeamApi({ members: team });
    await openMiniAppTeam('vi');
    await userEvent.type(screen.getByLabelText('Tên người dùng trên Telegram'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: vi.TeamPage.add.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(vi.TeamPage.errors.already_member);
    expect(api.sent.find((request) => request.method === 'POST')!.headers['Accept-Language']).toMatch(/^vi/);
    expect(api.reads('/api/team/members')).toHaveLength(1);
    expect(screen.getByTestId('team-announcement')).toBeEmptyDOMElement();
  });

  it('blocking a member after confirming reads the list again: the new status shows and is announced; the admin’s own row has no Block button', async () => {
    const api = serveTeamApi({ members: team });
    await openMiniAppTeam();
    expect(within(row('alice')!).queryByRole('button')).toBeNull();
    expect(row('alice')).toHaveTextContent('You cannot block yourself.');

    await userEvent.click(screen.getByRole('button', { name: 'Block Bob Tran' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Block Bob Tran?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(row('bob')).toHaveTextContent('Blocked'));
    const post = api.sent.find((request) => request.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/team/members/bob/block');
    expect(post.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(api.reads('/api/team/members')).toHaveLength(2);
    expect(screen.getByTestId('team-announcement')).toHaveTextContent('Bob Tran is blocked.');
    // The same row, now to unblock: its button keeps the place (and the focus) it had.
    expect(within(row('bob')!).getByRole('button')).toHaveAccessibleName('Unblock Bob Tran');
  });

  it('the search box reads the list again with ?q=, shows only the matches, and “Show everyone” reads it all again', async () => {
    const api = serveTeamApi({ members: team });
    await openMiniAppTeam();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or username' }), 'tran');

    await waitFor(() => expect(row('alice')).toBeNull());
    expect(row('bob')).not.toBeNull();
    expect(api.reads('/api/team/members').at(-1)!.url.searchParams.get('q')).toBe('tran');
    expect(router.replace).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(row('alice')).not.toBeNull());
    expect(api.reads('/api/team/members').at(-1)!.url.search).toBe('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('pages through the list with buttons that read each page; when “Next page” goes away the focus stays in the list', async () => {
    const api = serveTeamApi({ members: team, pageSize: 2 });
    await openMiniAppTeam();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(row('giang')).not.toBeNull());
    expect(row('alice')).toBeNull();
    expect(api.reads('/api/team/members').at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Members' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(row('alice')).not.toBeNull());
    expect(api.reads('/api/team/members').at(-1)!.url.searchParams.get('page')).toBeNull();
  });
});

/** A team whose ten paid seats are all taken: the add form gives way to a link to buy more. */
const fullTeam = Array.from({ length: 10 }, (_, i) =>
  memberView({ memberId: `m${i}`, username: `user_${i}`, fullName: `User ${i}`, role: i === 0 ? 'admin' : 'member' }),
);
const link = (name: string) => screen.getByRole('link', { name });

describe('the team page’s pay links lead to the pay page of where the page runs', () => {
  it('inside Telegram, “Add seats” leads to the Mini App’s pay page with Team Pro and the next block of seats, never to /pay', async () => {
    serveTeamApi({ members: fullTeam });
    await openMiniAppTeam();
    expect(screen.getByTestId('team-seats-used')).toHaveTextContent('Seats used: 10 of 10');
    // The overview's link and the add form's, which gives way to it once every seat is taken.
    expect(link('Add seats')).toHaveAttribute('href', '/telegramPay?plan=team_pro&seats=20');
    expect(link('Add seats on the payment page')).toHaveAttribute('href', '/telegramPay?plan=team_pro&seats=20');
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(document.querySelector('a[href^="/pay"]')).toBeNull();
  });

  it('inside Telegram, an expired plan’s “Renew the plan” links lead to the Mini App’s pay page with Team Pro', async () => {
    serveTeamApi({ members: team, planExpiresAt: '2020-01-01T00:00:00.000Z' });
    await openMiniAppTeam('vi');
    const renew = screen.getAllByRole('link', { name: vi.TeamPage.overview.renew });
    // The overview's notice and the add form's.
    expect(renew).toHaveLength(2);
    for (const each of renew) expect(each).toHaveAttribute('href', '/vi/telegramPay?plan=team_pro');
  });

  it.each(locales)('inside Telegram (%s), the pay link keeps the page’s locale prefix', async (locale) => {
    serveTeamApi({ members: team });
    await openMiniAppTeam(locale);
    const addSeats = within(screen.getByTestId('team-overview')).getByRole('link');
    expect(addSeats).toHaveAttribute('href', `${localizedPath(locale, '/telegramPay')}?plan=team_pro&seats=20`);
  });

  it('on the browser’s team page, the same links lead to /pay with Team Pro and the seats', () => {
    const overview: TeamOverview = {
      platform: 'telegram',
      teamId: '-1002001',
      name: 'Acme Growth',
      plan: 'team_pro',
      planExpiresAt: new Date(FAR_AWAY),
      seats: 10,
      seatsUsed: 10,
    };
    render(
      <>
        <TeamOverviewTable team={overview} now={new Date('2026-11-25T00:00:00Z')} />
        <MemberSection
          team={{ platform: 'telegram', seats: 10, seatsUsed: 10, active: true }}
          search=""
          page={{ members: fullTeam, total: 10, page: 1, pageSize: 25 }}
        />
      </>,
      { wrapper: ({ children }) => <Intl locale="vi">{children}</Intl> },
    );
    expect(link(vi.TeamPage.overview.addSeats)).toHaveAttribute('href', '/vi/pay?plan=team_pro&seats=20');
    expect(link(vi.TeamPage.add.addSeats)).toHaveAttribute('href', '/vi/pay?plan=team_pro&seats=20');
    expect(document.querySelector('a[href*="telegramPay"]')).toBeNull();
  });
});
