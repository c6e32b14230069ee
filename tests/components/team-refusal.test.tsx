/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { TeamRefusal } from '@/components/team/team-refusal';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';

describe('the team page’s refusal', () => {
  it('tells a member who is not an admin once who may manage the team and to type /team if they are one', () => {
    render(<TeamRefusal code="not_team_admin" />, { wrapper: IntlWrapper });
    const refusal = screen.getByTestId('team-refusal');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.TeamPage.errors.not_team_admin);
    expect(refusal.textContent!.match(/\/team/g)).toHaveLength(1);
    expect(refusal.textContent!.match(/admin/gi)).toHaveLength(2);
    expect(refusal).not.toHaveTextContent(messages.TeamPage.refused.hint);
  });

  it('still says how to get a new link when the team cannot be found', () => {
    render(<TeamRefusal code="team_not_found" />, { wrapper: IntlWrapper });
    expect(screen.getByTestId('team-refusal')).toHaveTextContent(messages.TeamPage.refused.hint);
  });
});
