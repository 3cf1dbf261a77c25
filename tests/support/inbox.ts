/** A mail captured by the SES emulator (`GET {inbox}/store`). */
export interface InboxMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
}

export interface WaitForMailOptions {
  /** Only mails stored after this one count (e.g. the first code when waiting for a resent one). */
  after?: InboxMail;
  /** Only mails whose subject matches. */
  subject?: RegExp | string;
  /** Default 10 s. */
  timeoutMs?: number;
}

/**
 * Every captured mail, oldest first; with `sinceMs`, only those stored from that second on (the emulator's own
 * filter, so a look at a store of thousands of mails sends only the new ones).
 */
export async function listMails(inboxUrl: string, sinceMs?: number): Promise<InboxMail[]> {
  const since = sinceMs === undefined ? '' : `?since=${Math.floor(sinceMs / 1000)}`;
  const res = await fetch(`${inboxUrl}/store${since}`);
  if (!res.ok) throw new Error(`GET ${inboxUrl}/store answered ${res.status}`);
  const store = (await res.json()) as { emails: InboxMail[] };
  return store.emails;
}

const isTo = (mail: InboxMail, address: string) =>
  [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc].some((a) =>
    a.toLowerCase().includes(address.toLowerCase()),
  );

/** Polls the inbox until a mail to `address` arrives and returns the newest one; throws on timeout. */
export async function waitForMail(
  inboxUrl: string,
  address: string,
  options: WaitForMailOptions = {},
): Promise<InboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    let mails = await listMails(inboxUrl);
    if (options.after) {
      const index = mails.findIndex((m) => m.messageId === options.after!.messageId);
      mails = mails.slice(index + 1);
    }
    const subject = options.subject;
    const matching = mails.filter(
      (m) =>
        isTo(m, address) &&
        (subject === undefined ||
          (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject))),
    );
    const newest = matching.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} arrived in ${inboxUrl} within ${options.timeoutMs ?? 10_000} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code in a mail (sign-up confirmation, password reset). */
export function extractCode(mail: InboxMail): string {
  const text = `${mail.subject}\n${mail.body.text ?? ''}\n${mail.body.html ?? ''}`;
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No 6-digit code in the mail "${mail.subject}" to ${mail.destination.to.join(', ')}`);
  return match[1]!;
}

/** Waits for the newest mail to `address` and returns its 6-digit code. */
export async function waitForCode(
  inboxUrl: string,
  address: string,
  options: WaitForMailOptions = {},
): Promise<string> {
  return extractCode(await waitForMail(inboxUrl, address, options));
}
