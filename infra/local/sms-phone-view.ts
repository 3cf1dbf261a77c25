import type { LocalInboundText, LocalText } from './sms';

/**
 * The local SMS service's phone view (infra/local/sms.ts): every number that was texted as a phone shows its
 * conversation, one column each: the texts received as grey bubbles under their sender, links clickable; the
 * customer's own replies as blue ones. Each text can be reported delivered or failed, and each number can reply
 * STOP: the same simulations the JSON API offers tests.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The body with its links clickable, as a phone shows them. */
const withLinks = (body: string) =>
  body
    .split(/(https?:\/\/[^\s]+)/g)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(part)}" target="_blank" rel="noopener">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');

const timeOf = (iso: string) => new Date(iso).toISOString().slice(11, 16);

const form = (action: string, fields: Record<string, string>, label: string, kind: string) =>
  `<form method="post" action="${action}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')}<button class="${kind}">${label}</button></form>`;

function textBubble(text: LocalText): string {
  const actions =
    text.status === 'QUEUED'
      ? `<div class="actions">${form('/simulate/delivery', { messageId: text.messageId, status: 'DELIVERED' }, 'Delivered', 'ok')}${form('/simulate/delivery', { messageId: text.messageId, status: 'FAILED' }, 'Failed', 'bad')}</div>`
      : '';
  return `<li class="in" data-message-id="${escapeHtml(text.messageId)}">
  <div class="sender">${escapeHtml(text.originator)}</div>
  <div class="bubble">${withLinks(text.body)}</div>
  <div class="meta">${timeOf(text.sentAt)} · <span class="status ${text.status.toLowerCase()}">${text.status.toLowerCase()}</span></div>
  ${actions}
</li>`;
}

const replyBubble = (reply: LocalInboundText) => `<li class="out">
  <div class="bubble">${escapeHtml(reply.body)}</div>
  <div class="meta">${timeOf(reply.receivedAt)}</div>
</li>`;

export function phoneViewHtml(
  texts: readonly LocalText[],
  replies: readonly LocalInboundText[],
  optedOut: ReadonlySet<string>,
  version: number,
): string {
  const numbers = [...new Set(texts.map((t) => t.to))];
  const columns = numbers.map((number) => {
    const items = [
      ...texts.filter((t) => t.to === number).map((t) => ({ at: t.sentAt, html: textBubble(t) })),
      ...replies.filter((r) => r.from === number).map((r) => ({ at: r.receivedAt, html: replyBubble(r) })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const stop = optedOut.has(number)
      ? '<p class="opted-out">Opted out (replied STOP)</p>'
      : form('/simulate/reply', { from: number, body: 'STOP' }, 'Reply STOP', 'stop');
    return `<section class="phone" aria-label="Texts to ${escapeHtml(number)}">
  <h2>${escapeHtml(number)}</h2>
  <ol>${items.map((item) => item.html).join('')}</ol>
  <footer>${stop}</footer>
</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local texts · ReviewRoute</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; background: #eef0f3; color: #111; }
  header.top { padding: 16px 20px; background: #fff; border-bottom: 1px solid #dde1e6; }
  header.top h1 { margin: 0; font-size: 18px; }
  header.top p { margin: 4px 0 0; color: #555; font-size: 13px; }
  main { display: flex; flex-wrap: wrap; gap: 16px; padding: 16px; align-items: flex-start; }
  .phone { flex: 0 1 340px; min-width: 0; background: #fff; border-radius: 24px; border: 1px solid #d4d8de;
    box-shadow: 0 2px 6px rgb(0 0 0 / 6%); overflow: hidden; }
  @media (max-width: 420px) { main { padding: 8px; } .phone { flex-basis: 100%; } }
  .phone h2 { margin: 0; padding: 12px 16px; font-size: 15px; text-align: center; border-bottom: 1px solid #eceef1; background: #f7f8fa; }
  ol { list-style: none; margin: 0; padding: 12px; display: flex; flex-direction: column; gap: 10px; }
  li { display: flex; flex-direction: column; max-width: 85%; }
  li.in { align-self: flex-start; }
  li.out { align-self: flex-end; align-items: flex-end; }
  .sender { font-size: 12px; color: #555; margin: 0 0 2px 10px; }
  .bubble { padding: 8px 12px; border-radius: 18px; white-space: pre-wrap; overflow-wrap: anywhere; }
  li.in .bubble { background: #e9e9eb; border-bottom-left-radius: 4px; }
  li.out .bubble { background: #0866d6; color: #fff; border-bottom-right-radius: 4px; }
  .bubble a { color: #0645ad; }
  .meta { font-size: 11px; color: #666; margin: 2px 10px 0; }
  .status.delivered { color: #16723a; } .status.failed { color: #b42318; }
  .actions { display: flex; gap: 6px; margin: 4px 0 0 8px; }
  form { margin: 0; }
  button { font: inherit; font-size: 12px; padding: 3px 10px; border-radius: 999px; border: 1px solid #c5cad1; background: #fff; cursor: pointer; }
  button.ok { color: #16723a; } button.bad { color: #b42318; }
  footer { padding: 10px 12px 14px; border-top: 1px solid #eceef1; display: flex; justify-content: flex-end; }
  button.stop { font-size: 13px; padding: 6px 14px; }
  .opted-out { margin: 0; font-size: 13px; color: #b42318; }
  .empty { padding: 24px; color: #555; }
</style>
</head>
<body>
<header class="top">
  <h1>Local texts</h1>
  <p>Every text the product sends through the local SMS service, per number. JSON: <a href="/texts">/texts</a></p>
</header>
${numbers.length ? `<main>${columns.join('')}</main>` : '<p class="empty">No texts yet.</p>'}
<script>
  // New texts, reports and replies appear without a reload by hand: the service's change count is polled.
  setInterval(async () => {
    const { version } = await fetch('/version').then((x) => x.json());
    if (version !== ${version}) location.reload();
  }, 2000);
</script>
</body>
</html>`;
}
