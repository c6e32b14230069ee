import 'server-only';

/**
 * The harness's half of Telegram's Mini App protocol, as Telegram Web speaks it to its frame:
 * messages `{eventType, eventData}` as JSON strings through postMessage. It answers the theme,
 * viewport and safe-area requests, shows the back button and the main button as the app sets them
 * up, and sends `back_button_pressed`, `main_button_pressed` and `theme_changed` when the tester
 * presses them. When the app opens an
 * invoice (`web_app_open_invoice`), it shows Telegram's payment sheet, played by the stand-in of the
 * Mini App's gateway (the body's `data-sheet`): pay, cancel or fail, then `invoice_closed` with the status.
 * Beside the frame it lists the user's payments as the stand-in Telegram has them, with what Telegram
 * can do outside the page: charge a subscription's next month now, refund a payment.
 */
export const HARNESS_SCRIPT = `'use strict';
(() => {
  const frame = document.getElementById('harness-app');
  const back = document.getElementById('harness-back');
  const main = document.getElementById('harness-main');
  const themes = JSON.parse(document.getElementById('harness-themes').textContent);
  const send = (eventType, eventData) =>
    frame.contentWindow && frame.contentWindow.postMessage(JSON.stringify({ eventType, eventData }), location.origin);
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  const answers = {
    web_app_request_theme: () => send('theme_changed', { theme_params: themes[document.body.dataset.theme] }),
    web_app_request_viewport: () =>
      send('viewport_changed', { height: frame.clientHeight, width: frame.clientWidth, is_expanded: true, is_state_stable: true }),
    web_app_request_safe_area: () => send('safe_area_changed', insets),
    web_app_request_content_safe_area: () => send('content_safe_area_changed', insets),
    web_app_setup_back_button: (data) => { back.hidden = !(data && data.is_visible); },
    web_app_setup_main_button: (data) => {
      if (!data) return;
      if ('is_visible' in data) main.hidden = !data.is_visible;
      if (typeof data.text === 'string') main.textContent = data.text;
      if ('is_active' in data) main.disabled = !data.is_active;
      if ('is_progress_visible' in data) main.setAttribute('aria-busy', String(Boolean(data.is_progress_visible)));
    },
    web_app_ready: () => { document.body.dataset.appReady = 'true'; },
    web_app_open_invoice: (data) => openSheet(data && data.slug),
  };
  const sheet = document.getElementById('harness-sheet');
  let openSlug = null;
  const openSheet = async (slug) => {
    const address = document.body.dataset.sheet;
    if (!sheet || !address || typeof slug !== 'string') return send('invoice_closed', { slug, status: 'failed' });
    const response = await fetch(address + '?slug=' + encodeURIComponent(slug));
    if (!response.ok) return send('invoice_closed', { slug, status: 'failed' });
    const invoice = await response.json();
    openSlug = slug;
    document.getElementById('harness-sheet-what').textContent = invoice.title + ' \u2014 ' + invoice.description;
    document.getElementById('harness-sheet-amount').textContent = '\u2b50 ' + invoice.amount + (invoice.renews ? ' / 30' : '');
    sheet.show();
  };
  for (const button of document.querySelectorAll('[data-sheet-action]')) {
    button.addEventListener('click', async () => {
      const slug = openSlug;
      if (!slug) return;
      openSlug = null;
      let status = 'failed';
      try {
        const response = await fetch(document.body.dataset.sheet, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ slug, userId: Number(document.body.dataset.user), action: button.dataset.sheetAction }),
        });
        if (response.ok) status = (await response.json()).status;
      } catch {}
      sheet.close();
      send('invoice_closed', { slug, status });
      void listPayments();
    });
  }
  const panel = document.getElementById('harness-payments');
  const words = panel && JSON.parse(document.getElementById('harness-words').textContent);
  const standIn = (path) => panel.dataset.standIn + path;
  const actionButton = (label, onClick) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.addEventListener('click', onClick);
    return element;
  };
  const listPayments = async () => {
    if (!panel) return;
    let payments = [];
    try {
      const response = await fetch(standIn('/payments?user=' + encodeURIComponent(document.body.dataset.user)), { cache: 'no-store' });
      if (response.ok) payments = (await response.json()).payments;
    } catch {}
    const list = document.getElementById('harness-payments-list');
    list.replaceChildren();
    if (!payments.length) {
      const empty = document.createElement('li');
      empty.textContent = words.noPayments;
      list.append(empty);
    }
    for (const payment of payments) {
      const item = document.createElement('li');
      item.dataset.charge = payment.chargeId;
      const state = payment.refunded
        ? words.refunded
        : payment.subscription ? (payment.subscription.canceled ? words.renewalStopped : words.renewing) : '';
      item.append('\u2b50 ' + payment.amount + ' \u00b7 ' + payment.title + (state ? ' \u00b7 ' + state : ''));
      const act = (kind) => async () => {
        await fetch(standIn('/' + kind + '?charge=' + encodeURIComponent(payment.chargeId)), { method: 'POST' }).catch(() => null);
        await listPayments();
      };
      if (payment.subscription && !payment.subscription.canceled && !payment.refunded) item.append(actionButton(words.renewNow, act('renew')));
      if (!payment.refunded) item.append(actionButton(words.refund, act('refund')));
      list.append(item);
    }
  };
  if (panel) {
    document.getElementById('harness-payments-refresh').addEventListener('click', listPayments);
    void listPayments();
  }
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
    let message;
    try { message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data; } catch { return; }
    const answer = message && answers[message.eventType];
    if (answer) answer(message.eventData);
  });
  back.addEventListener('click', () => send('back_button_pressed'));
  main.addEventListener('click', () => send('main_button_pressed'));
  for (const button of document.querySelectorAll('[data-theme-switch]')) {
    button.addEventListener('click', () => {
      document.body.dataset.theme = button.dataset.themeSwitch;
      send('theme_changed', { theme_params: themes[button.dataset.themeSwitch] });
    });
  }
})();
`;
