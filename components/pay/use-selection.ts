import { useMemo, useState } from 'react';
import { useLocale } from 'next-intl';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import type { PaidPlanId, PeriodId } from '@/lib/pricing/catalogue';
import { defaultPlan } from '@/lib/pricing/buyer';
import { isActive, type PlanState } from '@/lib/pricing/quote';
import { preferredGateway, type GatewayChoice } from '@/lib/shared/gateway-offer';
import type { PayFormProps, PlanStateView } from '@/lib/shared/pay-form';

const toState = (view: PlanStateView): PlanState => ({
  plan: view.plan,
  expiresAt: view.expiresAt ? new Date(view.expiresAt) : null,
  seats: view.seats,
});

/**
 * The gateway a payer starts on: for the team page's "add seats" link on a running plan, one that can
 * take that (not every one can); else the first available one in the locale's currency.
 */
function firstGateway(choices: readonly GatewayChoice[], keepsPlan: boolean, locale: Locale): GatewayChoice | null {
  const { currency } = localeInfo(locale);
  const canKeep = keepsPlan ? choices.filter((choice) => choice.period3 !== false) : [];
  return preferredGateway(canKeep, currency) ?? preferredGateway(choices, currency);
}

/** What the payer has chosen on the pay form, starting from what the link asked for and what they have. */
export function useSelection({ user, team, gateways: choices, now: nowIso, initial, teamAdminsOnly }: PayFormProps) {
  const locale = useLocale() as Locale;
  const now = useMemo(() => new Date(nowIso), [nowIso]);
  const userState = useMemo(() => toState(user), [user]);
  const teamState = useMemo(() => (team ? toState(team) : null), [team]);

  // A member who may not pay for the team starts on what they can buy for themselves.
  const [plan, setPlan] = useState<PaidPlanId>(
    initial.plan ?? defaultPlan(userState, teamAdminsOnly ? null : teamState, now),
  );
  // The team page's "add seats" link, on an active plan: keep the plan and pay only the prorated increase.
  const addsSeats = initial.plan === 'team_pro' && initial.seats !== undefined && teamState?.plan === 'team_pro';
  const keepsPlan = addsSeats && teamState !== null && isActive(teamState, now);
  const [period, setPeriod] = useState<PeriodId>(keepsPlan ? 'period3' : 'period0');
  const [growTeam, setGrowTeam] = useState(initial.seats !== undefined);
  const [seats, setSeats] = useState(initial.seats !== undefined ? String(initial.seats) : '');
  const payWith = useGatewayChoice(choices, () => firstGateway(choices, keepsPlan, locale));

  return {
    now,
    user: userState,
    team: teamState,
    plan,
    setPlan,
    period,
    setPeriod,
    growTeam,
    setGrowTeam,
    seats,
    setSeats,
    ...payWith,
  };
}

/**
 * The gateway and method chosen on a form (the plan form's, the packs'), starting on `start`'s
 * choice; choosing a gateway chooses its first method.
 */
export function useGatewayChoice(choices: readonly GatewayChoice[], start: () => GatewayChoice | null) {
  const [first] = useState(start);
  const [gatewayId, setGatewayId] = useState(first?.id ?? null);
  const [method, setMethod] = useState(first?.methods[0] ?? '');
  return {
    /** The available gateway chosen. */
    gateway: choices.find((choice) => choice.id === gatewayId && choice.available) ?? null,
    chooseGateway: (choice: GatewayChoice) => {
      setGatewayId(choice.id);
      setMethod(choice.methods[0] ?? '');
    },
    method,
    setMethod,
  };
}
