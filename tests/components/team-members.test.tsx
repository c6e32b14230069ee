/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { MemberSection, type MemberSectionProps } from '@/components/team/member-section';
import type { MemberView } from '@/lib/shared/team';
import { IntlWrapper } from '../support/intl';
import { memberView } from '../support/team-members';

jest.mock('next/navigation', () => ({
  // The rest as it is: next-intl's ES build imports redirect and the others by name (Node 24 links them).
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/team',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

const member = memberView;

const props = (members: MemberView[], overrides: Partial<MemberSectionProps> = {}): MemberSectionProps => ({
  team: { platform: 'telegram', seats: 10, seatsUsed: members.length, active: true },
  search: '',
  page: { members, total: members.length, page: 1, pageSize: 25 },
  ...overrides,
});

describe('the member table', () => {
  it('renders hostile names from the directory as text, isolated from the row', () => {
    const hostile = [
      member({ memberId: 'a', fullName: '<img src=x onerror="window.__pwned=1">', username: 'img_name' }),
      member({ memberId: 'b', fullName: '\u202Egnp.exe\u202C Mallory', username: 'rtl_name' }),
      member({ memberId: 'c', fullName: 'W'.repeat(2000), username: 'long_name' }),
    ];
    const { container } = render(<MemberSection {...props(hostile)} />, { wrapper: IntlWrapper });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror="window.__pwned=1">')).toBeInTheDocument();
    // <bdi> keeps an RTL override inside the name: the cells around it are not reordered.
    const rtl = screen.getByTitle('\u202Egnp.exe\u202C Mallory');
    expect(rtl.tagName).toBe('BDI');
    // The whole 2,000-character name is in the cell (clamped by CSS), but labels carry a short one.
    const long = screen.getByTitle('W'.repeat(2000));
    expect(long.textContent).toHaveLength(2000);
    const button = within(long.closest('tr')!).getByRole('button');
    expect(button.getAttribute('aria-label')!.length).toBeLessThan(80);
  });

  it('shows invited members as not joined yet, and each status and role in words', () => {
    render(
      <MemberSection
        {...props([
          member({ memberId: 'a', role: 'admin', username: 'boss' }),
          member({ memberId: 'b', fullName: null, status: 'invited', username: 'newbie' }),
          member({ memberId: 'c', status: 'blocked', username: 'gone' }),
        ])}
      />,
      { wrapper: IntlWrapper },
    );
    const row = (name: string) => screen.getByText(`@${name}`).closest('tr')!;
    expect(row('boss')).toHaveTextContent('Admin');
    expect(row('newbie')).toHaveTextContent('Not joined yet');
    expect(row('newbie')).toHaveTextContent('Invited');
    // Not joined, so no "Joined" date: the cell under that column (a card's "Joined" line) is empty.
    const joinedCell = (name: string) => row(name).querySelector('td[data-label="Joined"]')!;
    expect(joinedCell('newbie')).toBeEmptyDOMElement();
    expect(joinedCell('boss')).not.toBeEmptyDOMElement();
    expect(within(row('gone')).getByRole('button')).toHaveAccessibleName('Unblock Some One');
  });

  it('pages with plain links that keep the search, and says when nothing matches', () => {
    const many = Array.from({ length: 25 }, (_, i) => member({ memberId: `m${i}`, username: `user_${i}` }));
    const { unmount } = render(
      <MemberSection {...props(many, { search: 'user', page: { members: many, total: 60, page: 2, pageSize: 25 } })} />,
      { wrapper: IntlWrapper },
    );
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/team?q=user&page=3');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/team?q=user');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    unmount();
    render(<MemberSection {...props([], { search: 'zzz' })} />, { wrapper: IntlWrapper });
    expect(screen.getByTestId('member-count')).toHaveTextContent('No member matches “zzz”.');
  });

  it('replaces the add form by a link to buy seats when every paid seat is taken', () => {
    const full = Array.from({ length: 10 }, (_, i) => member({ memberId: `m${i}`, username: `user_${i}` }));
    render(<MemberSection {...props(full)} />, { wrapper: IntlWrapper });
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add seats on the payment page' })).toHaveAttribute(
      'href',
      '/pay?plan=team_pro&seats=20',
    );
  });
});
