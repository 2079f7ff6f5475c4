// The e-mails of an account's life, in the recipient's language (the server's texts in nine
// languages): activation, password recovery and a refused request. A link's token is sealed in
// the outbox (messages: `sealed`) and put into the e-mail only when it is sent; the link carries
// it after `#`, which a browser never sends to a server, so no server log or proxy sees it.
import type { Language, MessageId } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { enqueueMessage, escapeHtml } from '../messages/index.ts';
import { encryptSecret } from '../security/secrets.ts';
import { messageIn } from '../texts.ts';

/** The runtime pages a link opens. */
export const LINK_PAGES = { activation: '/useractivation', recovery: '/passwordrecovery' } as const;

export interface AccountMail {
  to: string;
  language: Language;
  subject: MessageId;
  body: MessageId;
  /** The body's arguments, HTML-escaped here; `{{sealed.link}}` stands for the link. */
  args: readonly unknown[];
  /** The page and token of the link the body carries. */
  link?: { base: string; page: string; token: string };
  source: { table: string; autoId: number };
}

export async function queueAccountMail(db: Queryable, mail: AccountMail): Promise<void> {
  const args = mail.args.map((a) => escapeHtml(String(a ?? '')));
  const html = messageIn(mail.language, mail.body, ...args);
  const sealed = mail.link
    ? { link: encryptSecret(`${mail.link.base}${mail.link.page}#token=${mail.link.token}`) }
    : undefined;
  await enqueueMessage(db, {
    kind: 'email',
    payload: { to: [mail.to], subject: messageIn(mail.language, mail.subject), html, ...(sealed ? { sealed } : {}) },
    source: mail.source,
  });
}
