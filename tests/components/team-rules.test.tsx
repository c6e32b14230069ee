/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberSection, type MemberSectionProps } from '@/components/team/member-section';
import { AddMemberForm } from '@/components/team/add-member-form';
import type { MemberView } from '@/lib/shared/team';
import { IntlWrapper } from '../support/intl';
import { memberView } from '../support/team-members';

jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/team',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

const member = memberView;

const props = (members: MemberView[], selfId: string | null): MemberSectionProps => ({
  team: { platform: 'telegram', seats: 10, seatsUsed: members.length, active: true },
  search: '',
  page: { members, total: members.length, page: 1, pageSize: 25 },
  selfId,
});

describe('the team page’s rules', () => {
  it('an admin has no Block button on their own row, and is told why; every other row keeps its own', () => {
    const members = [
      member({ memberId: 'me', role: 'admin', username: 'alice', fullName: 'Alice' }),
      member({ memberId: 'b', username: 'bob', fullName: 'Bob' }),
    ];
    render(<MemberSection {...props(members, 'me')} />, { wrapper: IntlWrapper });
    const own = screen.getByText('Alice').closest('tr')!;
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('You cannot block yourself.')).toBeInTheDocument();
    const other = screen.getByText('Bob').closest('tr')!;
    expect(within(other).getByRole('button', { name: 'Block Bob' })).toBeInTheDocument();
  });

  it('every cell carries its column’s name for the narrow layout, and the table keeps its header roles', () => {
    render(<MemberSection {...props([member({})], null)} />, { wrapper: IntlWrapper });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Username',
      'Platform',
      'Role',
      'Joined',
      'Status',
      'Actions',
    ]);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Name',
      'Username',
      'Platform',
      'Role',
      'Joined',
      'Status',
      'Actions',
    ]);
  });

  it.each([
    ['telegram', 'ab', 'A Telegram username has 3 to 32 characters: Latin letters, digits and underscores (_).'],
    [
      'slack',
      'has space',
      'A Slack username has 1 to 80 characters: Latin letters, digits, dots (.), hyphens (-) and underscores (_).',
    ],
    [
      'discord',
      'дима',
      'A Discord username has 2 to 32 characters: Latin letters, digits, dots (.) and underscores (_).',
    ],
  ] as const)('a refused %s username is told the platform’s rule in words (%s)', async (platform, typed, rule) => {
    render(<AddMemberForm platform={platform} seats={{ seats: 10, seatsUsed: 3 }} inactive={false} />, {
      wrapper: IntlWrapper,
    });
    await userEvent.type(screen.getByRole('textbox'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Enter a valid username for this platform.');
    expect(within(alert).getByTestId('username-rule')).toHaveTextContent(rule);
  });
});
