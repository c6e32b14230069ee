import 'server-only';

/**
 * The harness's half of Telegram's Mini App protocol, as Telegram Web speaks it to its frame:
 * messages `{eventType, eventData}` as JSON strings through postMessage. It answers the theme,
 * viewport and safe-area requests, shows the back button when the app asks, and sends
 * `back_button_pressed` and `theme_changed` when the tester presses them.
 */
export const HARNESS_SCRIPT = `'use strict';
(() => {
  const frame = document.getElementById('harness-app');
  const back = document.getElementById('harness-back');
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
    web_app_ready: () => { document.body.dataset.appReady = 'true'; },
  };
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
    let message;
    try { message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data; } catch { return; }
    const answer = message && answers[message.eventType];
    if (answer) answer(message.eventData);
  });
  back.addEventListener('click', () => send('back_button_pressed'));
  for (const button of document.querySelectorAll('[data-theme-switch]')) {
    button.addEventListener('click', () => {
      document.body.dataset.theme = button.dataset.themeSwitch;
      send('theme_changed', { theme_params: themes[button.dataset.themeSwitch] });
    });
  }
})();
`;
