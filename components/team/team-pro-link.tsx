'use client';
import { createContext, useContext, type ReactNode } from 'react';
import { pages } from '@/lib/config/pages';
import { Link } from '@/lib/i18n/navigation';
import { TEAM_BLOCK_SIZE } from '@/lib/pricing/catalogue';
import { largerTeamSize } from '@/lib/shared/team';

/** The pay page the team page's links lead to: the browser's, or the Mini App's inside Telegram. */
export type TeamPayPage = typeof pages.pay.path | typeof pages.telegramPay.path;

/** The team's seats: paid for, and taken (every member row). */
export interface TeamSeats {
  seats: number;
  seatsUsed: number;
}

/*
 * The browser's team page sends its admin to /pay, whose session is the link's cookie. Inside
 * Telegram that page has no session to find (the Mini App's is a token in memory, and /pay may not be
 * framed by Telegram Web): the Mini App's team page provides its own pay page, which trades
 * Telegram's initData again for the same team and offers Telegram Stars (docs/miniapp.md).
 */
const PayPage = createContext<TeamPayPage>(pages.pay.path);

export function TeamPayPageProvider({ page, children }: { page: TeamPayPage; children: ReactNode }) {
  return <PayPage value={page}>{children}</PayPage>;
}

/**
 * A link to Team Pro on the team page's pay page, which preselects what it asks: with `addSeatsTo`,
 * a team one block larger than it needs (paid seats or members, whichever is more); without it, the
 * plan as it is (a renewal).
 */
export function TeamProLink({ addSeatsTo, children }: { addSeatsTo?: TeamSeats; children: ReactNode }) {
  const seats = addSeatsTo && largerTeamSize(addSeatsTo.seatsUsed, addSeatsTo.seats, TEAM_BLOCK_SIZE);
  const href = {
    pathname: useContext(PayPage),
    query: { plan: 'team_pro', ...(seats ? { seats: String(seats) } : {}) },
  };
  return <Link href={href}>{children}</Link>;
}
