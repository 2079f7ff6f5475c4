// Choosing a password through an e-mailed link: activating a new account, or recovering a
// forgotten password. The link is taken in the same transaction as the password is written, so
// a password the rules refuse gives the link back, and a link used once never works again. The
// password goes through the users table's write pipeline: its rules, its repetition, the hash,
// and the end of every session of the user (a recovered account's old sessions end).
//
// Asking for a recovery link answers the same, after the same time, whether or not the address
// belongs to a user: the answer waits until RECOVERY_ANSWER_MS have passed since the request came.
import type pg from 'pg';
import { LANGUAGES, type Language } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { writeIn } from '../data/write.ts';
import { badRequest, invalidFields } from '../errors.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { SYSTEM_PRINCIPAL } from '../security/index.ts';
import { takeLink, issueLink, type LinkPurpose } from './links.ts';
import { LINK_PAGES, queueAccountMail } from './mail.ts';
import { ACCOUNT_REQUEST, REQUESTS_TABLE, isEmailAddress } from './requests.ts';
import { accountSettings } from './settings.ts';

/** How long every recovery request takes to answer, whatever it found (more than the work takes). */
export const RECOVERY_ANSWER_MS = 600;

export interface NewPassword {
  Token: string;
  Password: string;
  PasswordRetype: string;
}

const invalidLink = () => invalidFields({ Token: [{ id: 'account.link_invalid', args: [] }] });

/** Sets the password of the link's user (activating them when it is an activation link). */
export async function choosePassword(
  client: pg.PoolClient,
  snapshot: Snapshot,
  purpose: LinkPurpose,
  input: NewPassword,
): Promise<void> {
  const userId = await takeLink(client, input.Token, purpose);
  if (!userId) throw invalidLink();
  const users = snapshot.table('users');
  if (!users) throw badRequest('request.unknown_behaviour', 'users');
  if (!input.Password) throw invalidFields({ Password: [{ id: 'validation.required', args: ['Password'] }] });
  await writeIn(client, {
    model: users,
    principal: SYSTEM_PRINCIPAL,
    ctx: { tableOf: (n) => snapshot.table(n) },
    id: userId,
    record: {
      Password: input.Password,
      PasswordRetype: input.PasswordRetype,
      ...(purpose === 'activation' ? { Activated: true } : {}),
    },
  });
  if (purpose === 'activation') {
    const requests = snapshot.table(REQUESTS_TABLE);
    const open = (
      await client.query<{ autoid: number }>(
        `SELECT autoid FROM newuserrequests WHERE "user" = $1 AND accountrequest = $2`,
        [userId, ACCOUNT_REQUEST.Open],
      )
    ).rows;
    for (const row of open)
      if (requests)
        await writeIn(client, {
          model: requests,
          principal: SYSTEM_PRINCIPAL,
          ctx: { tableOf: (n) => snapshot.table(n), byDefinition: true },
          id: row.autoid,
          record: { AccountRequest: ACCOUNT_REQUEST.Processed },
        });
  }
}

/**
 * Sends a recovery link to every activated, unlocked user with this address. Answers nothing: the
 * caller answers the same whatever happened.
 */
export async function sendRecovery(
  db: Queryable,
  address: string,
  language: Language,
  publicUrl: string,
): Promise<void> {
  const email = address.trim();
  if (!isEmailAddress(email)) return;
  const settings = await accountSettings(db);
  const users = (
    await db.query<{ autoid: number; personname: string | null; username: string; email: string }>(
      `SELECT autoid, personname, username, email FROM users
        WHERE lower(email) = lower($1) AND coalesce(activated, false) AND NOT coalesce(lockedout, false)
        ORDER BY autoid LIMIT 10`,
      [email],
    )
  ).rows;
  for (const user of users) {
    const token = await issueLink(db, user.autoid, 'recovery', settings.recoveryMinutes);
    await queueAccountMail(db, {
      to: user.email,
      language: LANGUAGES.find((l) => l === language) ?? 'nl',
      subject: 'account.recovery_subject',
      body: 'account.recovery_body',
      args: [user.personname ?? user.username, user.username, settings.recoveryMinutes],
      link: { base: publicUrl, page: LINK_PAGES.recovery, token },
      source: { table: 'users', autoId: user.autoid },
    });
  }
}
