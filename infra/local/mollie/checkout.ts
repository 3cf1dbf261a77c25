import { escapeHtml } from '@reviewroute/shared';
import { readBody } from './api';
import {
  callWebhook,
  finalStatuses,
  reversals,
  reverse,
  setStatus,
  type Reversal,
  testMethods,
  type CheckoutChoice,
  type MolliePaymentState,
  type PaymentRequestHandler,
  type TestMethod,
} from './payments';

function checkoutPage(payment: MolliePaymentState): string {
  const amount = `${payment.amount.currency} ${payment.amount.value}`;
  const open = payment.status === 'open';
  const methods = Object.entries(testMethods)
    .map(
      ([value, label], i) =>
        `<label><input type="radio" name="method" value="${value}"${i === 0 ? ' checked' : ''}> ${label}</label>`,
    )
    .join('\n        ');
  const buttons = finalStatuses
    .map(
      (status) =>
        `<button type="submit" name="status" value="${status}">${status.charAt(0).toUpperCase()}${status.slice(1)}</button>`,
    )
    .join('\n        ');
  const back = payment.redirectUrl ? `<p><a href="${escapeHtml(payment.redirectUrl)}">Return to the shop</a></p>` : '';
  const reversed = payment.amountChargedBack ? 'charged back' : payment.amountRefunded ? 'refunded' : null;
  // What Mollie's dashboard (a refund) and the customer's bank (a chargeback) can do to a paid payment.
  const reversal =
    payment.status === 'paid' && !reversed
      ? `<form method="post" action="/checkout/${escapeHtml(payment.id)}">
      <fieldset>
        <legend>Undo the payment</legend>
        <button type="submit" name="reversal" value="refund">Refund</button>
        <button type="submit" name="reversal" value="chargeback">Chargeback</button>
      </fieldset>
    </form>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Test payment ${escapeHtml(payment.id)} · Local Mollie</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
    fieldset { margin: 1rem 0; border: 1px solid #999; padding: 0.75rem 1rem; }
    label { display: block; margin: 0.25rem 0; }
    button { font: inherit; margin: 0.25rem 0.5rem 0.25rem 0; padding: 0.5rem 1rem; min-width: 6rem; cursor: pointer; }
    .note { color: #444; }
  </style>
</head>
<body>
  <main>
    <h1>Test payment</h1>
    <p class="note">Local Mollie test mode: nothing is charged. Choose the outcome of this payment.</p>
    <dl>
      <dt>Description</dt><dd>${escapeHtml(payment.description)}</dd>
      <dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
      <dt>Status</dt><dd>${escapeHtml(payment.status)}</dd>
    </dl>
    ${
      open
        ? `<form method="post" action="/checkout/${escapeHtml(payment.id)}">
      <fieldset>
        <legend>Payment method</legend>
        ${methods}
      </fieldset>
      <fieldset>
        <legend>Payment status</legend>
        ${buttons}
      </fieldset>
    </form>`
        : `<p>This payment is ${escapeHtml(payment.status)}${reversed ? ` and ${reversed}` : ''}.</p>${reversal}${back}`
    }
  </main>
</body>
</html>`;
}

/**
 * The hosted checkout (`GET`/`POST /checkout/{id}`): like Mollie's test mode, it offers paid / failed / canceled /
 * expired; the choice sets the status, calls the webhook and sends the browser back, whatever the outcome.
 */
export const checkout: PaymentRequestHandler = async (ctx, req, res, id) => {
  const payment = ctx.payments.get(id);
  if (!payment) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end('<!doctype html><html lang="en"><title>Not found</title><h1>No such payment</h1></html>');
  }
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(checkoutPage(payment));
  }
  const form = new URLSearchParams(await readBody(req));
  const reversal = form.get('reversal') as Reversal | null;
  if (reversal !== null) {
    if ((reversals as readonly string[]).includes(reversal) && reverse(ctx, payment, reversal)) {
      ctx.log(`[mollie] ${payment.id} ${reversal === 'refund' ? 'refunded' : 'charged back'}`);
      await callWebhook(ctx, payment);
    }
    res.writeHead(303, { location: `/checkout/${payment.id}` });
    return void res.end();
  }
  const status = form.get('status') as CheckoutChoice | null;
  const method = (form.get('method') ?? 'creditcard') as TestMethod;
  if (!status || !finalStatuses.includes(status) || !(method in testMethods) || payment.status !== 'open') {
    res.writeHead(303, { location: `/checkout/${payment.id}` });
    return void res.end();
  }
  setStatus(ctx, payment, status, method);
  ctx.log(`[mollie] ${payment.id} (${payment.amount.currency} ${payment.amount.value}) is ${status}`);
  // As Mollie: the webhook first, then the browser goes back (for a cancel to the cancel URL if any).
  await callWebhook(ctx, payment);
  const back = (status === 'canceled' && payment.cancelUrl) || payment.redirectUrl || ctx.origin();
  res.writeHead(303, { location: back });
  res.end();
};
