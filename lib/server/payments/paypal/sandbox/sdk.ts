import 'server-only';
// next-intl's own core, without React: the operators' commands load every gateway outside Next,
// where next-intl's entry would load React's client half.
import { createTranslator } from 'use-intl/core';
import { localeTable } from '@/lib/i18n/locales';
import { localeMessages } from '@/lib/i18n/messages';
import { paypalOffer } from '../offer';

/** Stands in for the subscription's id inside a sentence; the script puts the id in its place. */
const ID = '\uE000';

/** The stand-in's words in one language (`GatewaySandbox` messages), and that language's direction. */
interface SandboxWords {
  dir: 'ltr' | 'rtl';
  title: string;
  question: string;
  approve: string;
  cancel: string;
  subscribeWith: string;
  payWith: string;
}

/**
 * The stand-in's words in every language of the site. PayPal shows its approval in the buyer's
 * language; so does the stand-in, in the language of the page that loaded it (`<html lang>`).
 */
export async function sandboxWords(): Promise<Record<string, SandboxWords>> {
  const gateway = paypalOffer.name;
  const entries = await Promise.all(
    localeTable.map(async ({ code, dir }) => {
      const t = createTranslator({ locale: code, messages: await localeMessages(code), namespace: 'GatewaySandbox' });
      const words: SandboxWords = {
        dir,
        title: t('title', { gateway }),
        question: t('question', { gateway, id: ID }),
        approve: t('approve'),
        cancel: t('cancel'),
        subscribeWith: t('subscribeWith', { gateway }),
        payWith: t('payWith', { gateway }),
      };
      return [code, words] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * A stand-in for PayPal's JS SDK (`window.paypal.Buttons`), served by the local sandbox, so the pay
 * page's @paypal/react-paypal-js buttons run their real code path offline: the provider loads
 * "the SDK" from `sdkBaseUrl`, PayPalButtons calls `paypal.Buttons(props).render(…)`, and the
 * button drives createSubscription (or, for a one-off payment, createOrder) → approval → onApprove
 * exactly as PayPal's does. Approval is an
 * in-page dialog rather than PayPal's pop-up window, in the page's language.
 */
export const sandboxSdk = (words: Record<string, SandboxWords>) => String.raw`(function () {
  'use strict';
  var WORDS = ${JSON.stringify(words)};
  var lang = document.documentElement.lang;
  var words = WORDS[lang] || WORDS.en;
  var script = document.currentScript;
  var src = new URL(script.src, location.href);
  var clientId = src.searchParams.get('client-id') || '';
  var base = src.pathname.replace(/\/sdk$/, '');

  function post(url, body, type) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': type, 'PayPal-Client-Id': clientId, Accept: 'application/json' },
      body: body,
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw new Error((json && json.message) || 'PayPal sandbox error ' + response.status);
        return json;
      });
    });
  }

  // kind: 'subscription', or 'order' for a one-off payment (createOrder): what the approval posts.
  function approval(id, kind) {
    return new Promise(function (resolve, reject) {
      var dialog = document.createElement('dialog');
      dialog.setAttribute('aria-labelledby', 'paypal-sandbox-title');
      dialog.setAttribute('data-testid', 'paypal-sandbox-approval');
      dialog.lang = lang;
      dialog.dir = words.dir;
      dialog.style.cssText = 'max-width:26rem;border:0;border-radius:12px;padding:1.5rem;font:16px/1.5 system-ui,sans-serif;box-shadow:0 8px 32px #0003';
      var title = document.createElement('h2');
      title.id = 'paypal-sandbox-title';
      title.textContent = words.title;
      title.style.cssText = 'margin:0 0 .5rem;color:#003087;font-size:1.2rem';
      var text = document.createElement('p');
      text.textContent = words.question.split('\uE000').join(id);
      var approve = document.createElement('button');
      approve.type = 'button';
      approve.textContent = words.approve;
      approve.style.cssText = 'background:#ffc439;border:0;border-radius:20px;padding:.6rem 1.2rem;font:inherit;font-weight:600;cursor:pointer;margin-inline-end:.5rem;min-height:44px';
      var cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.textContent = words.cancel;
      cancel.style.cssText = 'background:#fff;border:1px solid #888;border-radius:20px;padding:.6rem 1.2rem;font:inherit;cursor:pointer;min-height:44px';
      dialog.append(title, text, approve, cancel);
      document.body.appendChild(dialog);
      var done = function (result) { dialog.close(); dialog.remove(); resolve(result); };
      cancel.onclick = function () { done({ approved: false, id: id }); };
      dialog.addEventListener('cancel', function () { done({ approved: false, id: id }); });
      approve.onclick = function () {
        approve.disabled = true;
        post(base, 'action=approve&' + kind + '=' + encodeURIComponent(id), 'application/x-www-form-urlencoded')
          .then(function () { done({ approved: true, id: id }); })
          .catch(function (error) { dialog.close(); dialog.remove(); reject(error); });
      };
      dialog.showModal();
    });
  }

  function Buttons(props) {
    var container = null;
    var enabled = true;
    var initActions = {
      enable: function () { enabled = true; return Promise.resolve(); },
      disable: function () { enabled = false; return Promise.resolve(); },
    };
    if (typeof props.onInit === 'function') props.onInit({}, initActions);

    function start() {
      if (!enabled) return;
      if (typeof props.onClick === 'function') props.onClick({ fundingSource: 'paypal' }, initActions);
      var actions = {
        subscription: {
          create: function (body) {
            return post(base + '/api/v1/billing/subscriptions', JSON.stringify(body), 'application/json').then(function (s) {
              return s.id;
            });
          },
        },
      };
      // A one-off payment (intent=capture): the page's createOrder returns the order its server created.
      var oneOff = typeof props.createOrder === 'function';
      Promise.resolve()
        .then(function () { return oneOff ? props.createOrder({}, actions) : props.createSubscription({}, actions); })
        .then(function (id) { return approval(id, oneOff ? 'order' : 'subscription'); })
        .then(function (result) {
          if (result.approved && oneOff) return props.onApprove({ orderID: result.id, facilitatorAccessToken: 'sandbox' }, {});
          if (result.approved) return props.onApprove({ subscriptionID: result.id, orderID: result.id, facilitatorAccessToken: 'sandbox' }, {});
          if (typeof props.onCancel === 'function') props.onCancel(oneOff ? { orderID: result.id } : { subscriptionID: result.id });
        })
        .catch(function (error) {
          if (typeof props.onError === 'function') props.onError(error);
          else console.error(error);
        });
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('container not found'));
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = props.style && props.style.label === 'subscribe' ? words.subscribeWith : words.payWith;
        button.setAttribute('data-testid', 'paypal-sandbox-button');
        button.style.cssText = 'width:100%;min-height:45px;background:#ffc439;color:#003087;border:0;border-radius:4px;font:600 16px system-ui,sans-serif;cursor:pointer';
        button.onclick = start;
        container.appendChild(button);
        return Promise.resolve();
      },
      close: function () {
        if (container) container.textContent = '';
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
    };
  }

  // As PayPal's SDK: under the namespace the script names (two configurations on one page), else paypal.
  window[(script.dataset && script.dataset.namespace) || 'paypal'] = { Buttons: Buttons, version: 'quorum-sandbox' };
})();
`;
