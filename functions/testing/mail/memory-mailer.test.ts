import { describeMailerContract } from './mailer-contract';
import { createMemoryMailer } from './memory-mailer';

describeMailerContract('in-memory fake', () => {
  const mailer = createMemoryMailer();
  return {
    mailer,
    delivered: async (address) =>
      mailer.sent
        .filter((m) => m.to === address)
        .map((m) => ({
          from: m.from,
          to: [m.to],
          replyTo: m.replyTo ? [m.replyTo] : [],
          subject: m.subject,
          text: m.text,
          html: m.html,
          headers: m.headers ?? {},
        })),
  };
});
