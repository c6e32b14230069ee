import {
  backButton,
  init,
  invoice,
  mainButton,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  targetOrigin,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';

/** What Telegram tells the page about its launch: the signed initData, and the user's language. */
export interface TelegramLaunch {
  initData: string;
  languageCode: string | undefined;
}

/**
 * The launch Telegram describes in this page's address (`#tgWebAppData=…`, kept by the SDK across a
 * reload), or null when the page was not opened by Telegram. The language is read unverified: it
 * only chooses the page's language; the server verifies initData before believing anything in it.
 */
export function telegramLaunch(): TelegramLaunch | null {
  try {
    const launch = retrieveLaunchParams();
    const initData = retrieveRawInitData();
    return initData ? { initData, languageCode: launch.tgWebAppData?.user?.language_code } : null;
  } catch {
    return null;
  }
}

/**
 * Connects the page to the Telegram client: Telegram's theme (its colours and light or dark) and the
 * viewport with its safe areas become CSS variables (`--tg-theme-*`, `--tg-viewport-*`, read by
 * components/miniapp/telegram.css), the window is expanded, and Telegram is told the page is ready.
 * Returns what undoes it.
 */
export function connectTelegram(): () => void {
  // Telegram Web frames the page from its own origin (the SDK's default target); the local harness
  // frames it from this one. Nothing the page tells its frame is secret either way.
  if (framedBySameOrigin()) targetOrigin.set(window.location.origin);
  const undo: Array<() => void> = [init()];
  const root = document.documentElement;
  root.dataset.telegram = '';
  if (themeParams.mountSync.isAvailable()) {
    themeParams.mountSync();
    undo.push(themeParams.bindCssVars());
    const scheme = () => (root.style.colorScheme = themeParams.isDark() ? 'dark' : 'light');
    scheme();
    undo.push(themeParams.isDark.sub(scheme));
  }
  if (viewport.mount.isAvailable()) {
    void viewport
      .mount()
      .then(() => {
        undo.push(viewport.bindCssVars());
        if (viewport.expand.isAvailable()) viewport.expand();
      })
      .catch(() => undefined);
  }
  if (backButton.mount.isAvailable()) backButton.mount();
  if (mainButton.mount.isAvailable()) mainButton.mount();
  if (miniApp.ready.isAvailable()) miniApp.ready();
  return () => {
    for (const step of undo.reverse()) step();
    delete root.dataset.telegram;
  };
}

/**
 * Shows Telegram's back button while the page is away from where it opened, and hides it there
 * (Telegram then offers its own close). Returns what stops listening.
 */
export function telegramBackButton(visible: boolean, onBack: () => void): () => void {
  if (!backButton.isMounted()) return () => undefined;
  if (visible) backButton.show();
  else backButton.hide();
  return backButton.onClick(onBack);
}

/** What Telegram's main button at the bottom of the Mini App says and whether it can be pressed. */
export interface MainButtonState {
  text: string;
  enabled: boolean;
  /** A request is under way: Telegram shows its spinner on the button. */
  busy: boolean;
}

/**
 * Telegram's main button as the page's primary action (pay): shown with `state`, `onPress` run when
 * the user presses it. Null leaves the button alone (another part of the page may own it). Outside
 * Telegram nothing happens. Returns what stops listening and hides the button, so a page that no
 * longer offers the action leaves none behind.
 */
export function telegramMainButton(state: MainButtonState | null, onPress: () => void): () => void {
  if (!mainButton.isMounted() || !state) return () => undefined;
  mainButton.setParams({ text: state.text, isVisible: true, isEnabled: state.enabled, isLoaderVisible: state.busy });
  const stop = mainButton.onClick(onPress);
  return () => {
    stop();
    mainButton.setParams({ isVisible: false });
  };
}

function framedBySameOrigin(): boolean {
  try {
    return window.parent !== window && window.parent.location.origin === window.location.origin;
  } catch {
    // Reading another origin's location throws: Telegram Web's frame.
    return false;
  }
}

/** How Telegram's payment sheet closed (`invoiceClosed`), or `unavailable` when no Telegram client can open one. */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'failed' | 'pending' | 'unavailable';

/**
 * Opens an invoice link (`https://t.me/$…`) in Telegram's own payment sheet and waits for it to
 * close. Only the server's successful_payment grants anything: `paid` here only says to show the
 * result, which the server reads from its ledger.
 */
export async function openTelegramInvoice(url: string): Promise<InvoiceOutcome> {
  if (!invoice.open.isAvailable()) return 'unavailable';
  try {
    const status = await invoice.open(url, 'url');
    return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
  } catch {
    return 'failed';
  }
}
