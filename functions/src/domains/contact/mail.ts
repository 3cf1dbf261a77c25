import type { ContactForm, Language } from '@reviewroute/shared';

/** A mail as SES sends it: one recipient, the sender as Reply-To, a text and an HTML part. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

export interface ContactMailInput {
  message: ContactForm;
  language: Language;
  /** When the message arrived (shown in the mail, so a forwarded copy keeps it). */
  receivedAt: Date;
  from: string;
  to: string;
}

const languageNames: Record<Language, string> = { en: 'English', nl: 'Dutch' };

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The operator's copy of a contact message: the subject names the sender, answering goes straight to the
 * sender (Reply-To), and every field the visitor typed is escaped in the HTML part, so a message cannot
 * add markup or links of its own to the operator's mail.
 */
export function composeContactMail({ message, language, receivedAt, from, to }: ContactMailInput): OutgoingMail {
  const name = `${message.firstName} ${message.lastName}`;
  const fields: [string, string][] = [
    ['Name', name],
    ['E-mail', message.email],
    ...(message.company ? [['Company', message.company] as [string, string]] : []),
    ['Language', languageNames[language]],
    ['Received', receivedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
  ];
  const subject = `[ReviewRoute contact] ${message.subject} (${name})`;
  const text = [
    `New message from the ReviewRoute contact form. Reply to this mail to answer ${name}.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    `Subject: ${message.subject}`,
    '',
    message.message,
    '',
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;color:#525252;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#171717">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e5e5e5;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;color:#0f766e;font-weight:700">ReviewRoute contact form</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(message.subject)}</h1>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>
<div style="white-space:pre-wrap;border-top:1px solid #e5e5e5;padding-top:16px">${escapeHtml(message.message)}</div>
<p style="margin:24px 0 0;color:#525252;font-size:13px">Reply to this mail to answer ${escapeHtml(name)} at ${escapeHtml(message.email)}.</p>
</div>
</body>
</html>
`;
  return { from, to, replyTo: message.email, subject, text, html };
}
