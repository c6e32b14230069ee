'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { apiHeaders } from '@/lib/client/api-headers';
import { takeEarlySession } from '@/lib/client/early-session';
import { holdSessionToken } from '@/lib/client/session-token';
import { connectTelegram, telegramBackButton, telegramLaunch } from '@/lib/client/telegram';
import type { Locale } from '@/lib/i18n/locales';
import { telegramLanguagePath } from '@/lib/i18n/telegram-language';
import {
  isMiniAppRefusal,
  MINIAPP_SESSION_PATH,
  type MiniAppPage,
  type MiniAppSessionAnswer,
} from '@/lib/shared/miniapp';
import { MiniAppStatus, type MiniAppProblem } from './mini-app-status';
import './telegram.css';

type State = { kind: 'opening' } | { kind: 'open' } | { kind: 'problem'; problem: MiniAppProblem };

/**
 * The pay or team page as a Telegram Mini App: reads the launch Telegram describes, moves to the
 * user's Telegram language when the address names none, connects to the client (theme, viewport,
 * back button), trades initData for a session held in memory, and only then shows the page.
 */
export function MiniApp({ page, children }: { page: MiniAppPage; children: ReactNode }) {
  const locale = useLocale() as Locale;
  const [state, setState] = useState<State>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let disconnect = () => {};
    void (async () => {
      const launch = telegramLaunch();
      if (!launch) return setState({ kind: 'problem', problem: 'outside' });
      const { pathname, search, hash } = window.location;
      const languagePath = telegramLanguagePath(pathname, launch.languageCode);
      // The hash keeps Telegram's launch for the page in the user's language.
      if (languagePath) return window.location.replace(`${languagePath}${search}${hash}`);
      disconnect = connectTelegram();
      const outcome = await openSession(launch.initData, page, locale);
      if (!live) return;
      if (outcome.ok) holdSessionToken(outcome.token);
      setState(outcome.ok ? { kind: 'open' } : { kind: 'problem', problem: outcome.problem });
    })();
    return () => {
      live = false;
      disconnect();
    };
  }, [page, locale, attempt]);

  if (state.kind === 'open') return <BackWithinTheApp>{children}</BackWithinTheApp>;
  return (
    <MiniAppStatus
      problem={state.kind === 'problem' ? state.problem : null}
      onRetry={() => {
        setState({ kind: 'opening' });
        setAttempt((n) => n + 1);
      }}
    />
  );
}

async function openSession(
  initData: string,
  page: MiniAppPage,
  locale: Locale,
): Promise<{ ok: true; token: string } | { ok: false; problem: MiniAppProblem }> {
  try {
    const answer = (await takeEarlySession(initData, page)) ?? (await askForSession(initData, page, locale));
    if ('token' in answer) return { ok: true, token: answer.token };
    const code = answer.error.code;
    return {
      ok: false,
      problem: isMiniAppRefusal(code) ? code : code === 'service_unavailable' ? 'unavailable' : 'failed',
    };
  } catch {
    return { ok: false, problem: 'failed' };
  }
}

async function askForSession(initData: string, page: MiniAppPage, locale: Locale): Promise<MiniAppSessionAnswer> {
  const response = await fetch(MINIAPP_SESSION_PATH, {
    method: 'POST',
    headers: apiHeaders(locale, { json: true }),
    body: JSON.stringify({ initData, page }),
    cache: 'no-store',
  });
  return (await response.json()) as MiniAppSessionAnswer;
}

/**
 * Where the Mini App opened: the address its first page showed. The page's modules live as long as
 * the Mini App's document, across its own navigations (the team page's link to its pay page), and
 * a fresh launch (or a reload) starts again without it.
 */
let openedAt: string | null = null;

/**
 * Telegram's back button while the Mini App is away from where it opened (a receipt, a page of a
 * list, the pay page reached from the team page); there Telegram offers its close instead.
 */
function BackWithinTheApp({ children }: { children: ReactNode }) {
  const router = useRouter();
  const here = `${usePathname()}?${useSearchParams().toString()}`;
  useEffect(() => {
    openedAt ??= here;
    return telegramBackButton(here !== openedAt, () => router.back());
  }, [here, router]);
  return children;
}
