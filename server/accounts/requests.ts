// New user requests (spec 3 §4): anyone may ask for an account on /register while the security
// settings allow it (terms given, and accepted by the requester); an administrator with right
// 12.30 approves a request — linking it to an existing user, or creating the user with the
// request's details and the chosen or default security group — or refuses it with a reason. An
// approved new user gets an e-mailed activation link; a refused requester an e-mail with the reason.
//
// The request call answers the same whether or not the name or address is known: registering
// tells nobody which accounts exist. The engine's own tables (core pack) are named here.
import type pg from 'pg';
import { LANGUAGES, now, type Language } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { readStored } from '../data/records.ts';
import { writeIn, type WriteContext } from '../data/write.ts';
import { AppError, badRequest, invalidFields } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { SYSTEM_PRINCIPAL, type Principal } from '../security/index.ts';
import { issueLink } from './links.ts';
import { LINK_PAGES, queueAccountMail } from './mail.ts';
import { accountSettings } from './settings.ts';

export const REQUESTS_TABLE = 'newuserrequests';
const USERS_TABLE = 'users';
const MEMBERS_TABLE = 'usergroups';

/** New user request statuses (spec 3 §4). */
export const REQUEST_STATUS = { New: '0', Refused: '1', ExistingUser: '2', NewUser: '3' } as const;
/** The account request an approval opens: its activation link is open, expired or processed (used). */
export const ACCOUNT_REQUEST = { Open: '0', Expired: '1', Processed: '2' } as const;

export interface Registration {
  Username: string;
  PersonName: string;
  Email: string;
  Company?: string;
  Phone?: string;
  Remarks?: string;
  AcceptTerms: boolean;
}

/** A plain address: something@host.tld, no spaces, no second @ (the outbox refuses line breaks too). */
export const isEmailAddress = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) && s.length <= 200;

function table(snapshot: Snapshot, name: string): TableModel {
  const model = snapshot.table(name);
  if (!model) throw badRequest('request.unknown_behaviour', name);
  return model;
}

const context = (snapshot: Snapshot): WriteContext => ({ tableOf: (n) => snapshot.table(n), byDefinition: true });

/** Whether requests are taken now, and the terms the requester accepts. */
export async function registrationTerms(db: Queryable): Promise<{ Open: boolean; Terms: string }> {
  const s = await accountSettings(db);
  return { Open: s.requestsOpen, Terms: s.requestsOpen ? s.terms : '' };
}

/** Files a request (as the engine: the requester has no account). */
export async function register(
  client: pg.PoolClient,
  snapshot: Snapshot,
  input: Registration,
  language: Language,
): Promise<void> {
  const settings = await accountSettings(client);
  if (!settings.requestsOpen) throw new AppError('NO_RIGHTS', [], {}, {}, 'account.requests_closed');
  const problems: Record<string, { id: 'account.terms_required' | 'account.email_invalid'; args: [] }[]> = {};
  if (input.AcceptTerms !== true) problems.AcceptTerms = [{ id: 'account.terms_required', args: [] }];
  if (!isEmailAddress(input.Email.trim())) problems.Email = [{ id: 'account.email_invalid', args: [] }];
  if (Object.keys(problems).length) throw invalidFields(problems);
  await writeIn(client, {
    model: table(snapshot, REQUESTS_TABLE),
    principal: SYSTEM_PRINCIPAL,
    ctx: context(snapshot),
    record: {
      Username: input.Username.trim(),
      PersonName: input.PersonName.trim(),
      Email: input.Email.trim(),
      Company: input.Company?.trim() || null,
      Phone: input.Phone?.trim() || null,
      Remarks: input.Remarks?.trim() || null,
      Language: language,
      RequestedAt: now(),
      Status: REQUEST_STATUS.New,
    },
  });
}

/** The request, locked; refused unless it is new and of the requests table. */
async function openRequest(client: pg.PoolClient, model: TableModel, principal: Principal, autoId: number) {
  if (model.table.name !== REQUESTS_TABLE) throw badRequest('request.unknown_behaviour', model.table.name);
  const request = await readStored(client, model, principal, autoId, true);
  if (request.Status !== REQUEST_STATUS.New)
    throw invalidFields({ Status: [{ id: 'account.request_not_new', args: [] }] });
  return request;
}

const languageOf = (v: unknown): Language => LANGUAGES.find((l) => l === v) ?? 'nl';
/** A wall time `minutes` from now, as records hold datetimes (the installation's clock, no zone). */
const inMinutes = (minutes: number) => new Date(Date.parse(`${now()}Z`) + minutes * 60_000).toISOString().slice(0, 16);
const positiveId = (v: unknown): number | null => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : null);

export interface ApproveOptions {
  snapshot: Snapshot;
  publicUrl: string;
}

/**
 * Approves a request as `principal`: with `User` the request is linked to that user;
 * otherwise a new, not yet activated user is made (the approver's right to create users holds)
 * in `SecurityGroup` or the default group (their right to add members holds), and gets an
 * activation link by e-mail.
 */
export async function approve(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  autoId: number,
  values: Record<string, unknown>,
  options: ApproveOptions,
): Promise<void> {
  const { snapshot } = options;
  const request = await openRequest(client, model, principal, autoId);
  const settings = await accountSettings(client);
  const stamp = { EvaluatedBy: principal.username, EvaluatedAt: now() };
  const existing = positiveId(values.User);
  const users = table(snapshot, USERS_TABLE);
  if (existing) {
    await readStored(client, users, principal, existing);
    await writeIn(client, {
      model,
      principal,
      ctx: context(snapshot),
      id: autoId,
      record: { ...stamp, Status: REQUEST_STATUS.ExistingUser, User: existing },
    });
    return;
  }
  const group = positiveId(values.SecurityGroup) ?? settings.defaultGroup;
  const { id: userId } = await writeIn(client, {
    model: users,
    principal,
    ctx: { tableOf: (n) => snapshot.table(n) },
    record: { Username: request.Username, PersonName: request.PersonName, Email: request.Email, Activated: false },
  });
  if (group)
    await writeIn(client, {
      model: table(snapshot, MEMBERS_TABLE),
      principal,
      ctx: { tableOf: (n) => snapshot.table(n) },
      record: { User: userId, SecurityGroup: group },
    });
  const token = await issueLink(client, userId, 'activation', settings.activationMinutes);
  await writeIn(client, {
    model,
    principal,
    ctx: context(snapshot),
    id: autoId,
    record: {
      ...stamp,
      Status: REQUEST_STATUS.NewUser,
      User: userId,
      SecurityGroup: group,
      AccountRequest: ACCOUNT_REQUEST.Open,
      LinkExpiresAt: inMinutes(settings.activationMinutes),
    },
  });
  await queueAccountMail(client, {
    to: String(request.Email),
    language: languageOf(request.Language),
    subject: 'account.activation_subject',
    body: 'account.activation_body',
    args: [request.PersonName, request.Username, Math.round(settings.activationMinutes / 60)],
    link: { base: options.publicUrl, page: LINK_PAGES.activation, token },
    source: { table: REQUESTS_TABLE, autoId },
  });
}

/** Refuses a request with a reason (required), which the requester is told by e-mail. */
export async function refuse(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  autoId: number,
  values: Record<string, unknown>,
  snapshot: Snapshot,
): Promise<void> {
  const request = await openRequest(client, model, principal, autoId);
  const reason = typeof values.Reason === 'string' ? values.Reason.trim() : '';
  if (!reason) throw invalidFields({ Reason: [{ id: 'account.reason_required', args: [] }] });
  await writeIn(client, {
    model,
    principal,
    ctx: context(snapshot),
    id: autoId,
    record: {
      Status: REQUEST_STATUS.Refused,
      Reason: reason.slice(0, 1000),
      EvaluatedBy: principal.username,
      EvaluatedAt: now(),
    },
  });
  await queueAccountMail(client, {
    to: String(request.Email),
    language: languageOf(request.Language),
    subject: 'account.refused_subject',
    body: 'account.refused_body',
    args: [request.PersonName, reason],
    source: { table: REQUESTS_TABLE, autoId },
  });
}
