import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import {
  clientMessages,
  payClientNamespaces,
  teamClientNamespaces,
  teamRefusalClientNamespaces,
} from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { sessionFrom } from '@/lib/server/session/session';
import { loadTeamPage, memberView, ownMemberId } from '@/lib/server/team/team-admin';
import { memberListQuery } from '@/lib/shared/team';
import { isLinkProblem, LINK_CHAT_PARAM, LINK_PROBLEM_PARAM } from '@/lib/shared/link-problem';
import { isPlatform } from '@/lib/config/site';
import { TeamRefusal } from '@/components/team/team-refusal';
import { UnavailableView } from '@/components/layout/unavailable-view';
import { RefreshUntilBack } from '@/components/team/refresh-until-back';
import { TeamOverviewTable } from '@/components/team/team-overview';
import { HandoffLauncher } from '@/components/layout/handoff-launcher';
import { MemberSection, memberSectionTeam } from '@/components/team/member-section';
import { Onboarding } from '@/components/team/onboarding';
import { teamPageUnavailable } from '@/lib/server/team/unavailable-view';
import { teamPayments } from '@/lib/server/team/team-payments';
import { receiptFor } from '@/lib/server/pay/receipt';
import { RECEIPT_PARAM } from '@/lib/shared/receipt';
import { ReceiptView } from '@/components/pay/receipt-view';
import { TeamPayments, paymentsPageOf } from '@/components/team/team-payments';

export async function generateMetadata({ params }: PageProps<'/[locale]/team'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'team');
}

export default async function TeamPage({ params, searchParams }: PageProps<'/[locale]/team'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'TeamPage' });
  const search = await searchParams;
  const query = memberListQuery(search);
  // Read from the directory on every render: a blocked or demoted admin loses the page at once.
  // When it is down, say so: a page load has already had its 503 from the proxy; this is for a
  // refresh by the client router, or a directory that failed after the proxy's reads.
  const subject = await sessionFrom(await cookies(), 'team');
  const page = await loadTeamPage(subject, query).catch(teamPageUnavailable);
  if (!page) {
    return (
      <UnavailableView title={t('unavailable.title')} text={t('unavailable.text')}>
        <RefreshUntilBack />
      </UnavailableView>
    );
  }
  if (!page.ok) {
    // Without a session, say why the link did not open one (the exchange's `?link=`), or that there was none.
    const problem = search[LINK_PROBLEM_PARAM];
    const link = page.code === 'no_team_session' ? (isLinkProblem(problem) ? problem : 'missing') : undefined;
    const chat = search[LINK_CHAT_PARAM];
    return (
      <NextIntlClientProvider messages={await clientMessages(teamRefusalClientNamespaces)}>
        <TeamRefusal code={page.code} link={link} chat={link && isPlatform(chat) ? chat : undefined} />
      </NextIntlClientProvider>
    );
  }

  const { team, members } = page.value;
  // The team's money is its admins' business: loadTeamPage has just confirmed this is one.
  const owner = { platform: team.platform, teamId: team.teamId };
  const receiptOrder = search[RECEIPT_PARAM];
  if (typeof receiptOrder === 'string') {
    const receipt = /^[a-f0-9]{32}$/.test(receiptOrder) ? await receiptFor(owner, receiptOrder) : null;
    return (
      <NextIntlClientProvider messages={await clientMessages(payClientNamespaces)}>
        <ReceiptView receipt={receipt} backTo="/team" />
      </NextIntlClientProvider>
    );
  }
  // loadTeamPage has refused a request without a session, so `subject` is the acting admin.
  const payments = await teamPayments({ ...owner, userId: subject!.userId }, paymentsPageOf(search));
  const now = new Date();
  return (
    <div className="personal-page">
      <h1>{t('heading')}</h1>
      <TeamOverviewTable team={team} now={now} />
      <NextIntlClientProvider messages={await clientMessages(teamClientNamespaces)}>
        <HandoffLauncher page="team" />
        <MemberSection
          team={memberSectionTeam(team, now)}
          search={query.search}
          page={{ ...members, members: members.members.map(memberView) }}
          selfId={ownMemberId(members.members, subject)}
        />
      </NextIntlClientProvider>
      <TeamPayments history={payments} />
      <Onboarding />
    </div>
  );
}
