/** @jest-environment jsdom */
import { sandboxSdk, sandboxWords } from '@/lib/server/payments/paypal/sandbox/sdk';
import vi from '@/messages/vi.json';
import ur from '@/messages/ur.json';

interface SandboxPaypal {
  Buttons(props: Record<string, unknown>): { render(target: Element): Promise<void> };
}

/** Loads the stand-in SDK into a page whose <html lang> is `lang`, and renders its subscribe button. */
async function renderButton(lang: string) {
  document.documentElement.lang = lang;
  document.body.innerHTML = '<div id="buttons"></div>';
  Object.defineProperty(document, 'currentScript', {
    configurable: true,
    value: { src: 'http://localhost/api/payments/paypal/sandbox/sdk?client-id=sandbox' },
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
  // The SDK is a script the sandbox serves: run as the browser would.
  new Function(sandboxSdk(await sandboxWords()))();
  const paypal = (window as unknown as { paypal: SandboxPaypal }).paypal;
  await paypal
    .Buttons({ style: { label: 'subscribe' }, createSubscription: () => 'I-SANDBOX1', onApprove: jest.fn() })
    .render(document.getElementById('buttons')!);
  return document.querySelector<HTMLButtonElement>('[data-testid="paypal-sandbox-button"]')!;
}

const approval = async () => {
  for (let i = 0; i < 20 && !document.querySelector('dialog'); i += 1) await Promise.resolve();
  return document.querySelector('dialog')!;
};

describe('the local PayPal sandbox, as PayPal does, speaks the buyer’s language', () => {
  it('vi: the button and the approval dialog are in Vietnamese, naming the subscription', async () => {
    const button = await renderButton('vi');
    expect(button.textContent).toBe(vi.GatewaySandbox.subscribeWith.replace('{gateway}', 'PayPal'));
    button.click();
    const dialog = await approval();
    expect(dialog.lang).toBe('vi');
    expect(dialog.textContent).toContain(
      vi.GatewaySandbox.question.replace('{gateway}', 'PayPal').replace('{id}', 'I-SANDBOX1'),
    );
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      vi.GatewaySandbox.approve,
      vi.GatewaySandbox.cancel,
    ]);
  });

  it('ur: the dialog runs right to left', async () => {
    (await renderButton('ur')).click();
    const dialog = await approval();
    expect(dialog.dir).toBe('rtl');
    expect(dialog.textContent).toContain(ur.GatewaySandbox.approve);
  });

  it('falls back to English for a page in a language the site does not have', async () => {
    expect((await renderButton('xx')).textContent).toBe('Subscribe with PayPal (sandbox)');
  });
});
