// What an automation does, action by action, inside the run's transaction and as its owner:
// messages are queued in the outbox (sent by the sender job once the run commits); field changes,
// new records and transitions go through the one write pipeline and the workflow engine with the
// owner's rights, checks and row limits, never around them. Each action answers what it did, for
// the run's history; no secret is ever part of it.
import type pg from 'pg';
import { valueKind, type EffectiveField } from '../../definitions/language/index.ts';
import { writeIn } from '../data/write.ts';
import { makeTransition, transitionNamed } from '../business/transitions.ts';
import { enqueueMessage, renderTemplate, type Filler, type WebhookPayload } from '../messages/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { referencedModel } from '../data/related.ts';
import { ACTIONS, recordsIn, recordsOf, WEBHOOKS, roleTable } from './tables.ts';
import { engineTable } from '../data/table-sql.ts';
import { ident } from '../db/sql.ts';

export interface ActionScope {
  client: pg.PoolClient;
  snapshot: Snapshot;
  owner: Principal;
  automation: number;
  /** The record the run is about (absent for a scheduled run). */
  model?: TableModel;
  recordId?: number;
  record: Record<string, unknown>;
  filler: Filler;
}

export type ActionResult = Record<string, unknown> & { Action: string };

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const isMethod = (m: string): m is WebhookPayload['method'] => METHODS.has(m);

/** `Name: value` lines as headers (a line without a name is left out). */
function headersOf(lines: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** A text value as the field's type takes it. */
function typed(field: EffectiveField, value: string): unknown {
  if (value === '') return null;
  switch (valueKind(field.type)) {
    case 'number':
      return Number(value);
    case 'bool':
      return /^(1|true|ja|yes)$/i.test(value);
    default:
      return value;
  }
}

const source = (s: ActionScope) =>
  s.model && s.recordId ? { table: s.model.table.name, autoId: s.recordId, automation: s.automation } : undefined;

async function email(s: ActionScope, a: Record<string, unknown>): Promise<ActionResult> {
  const to = (await s.filler.fill(text(a.To), 'line'))
    .split(/[,;\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (!to.length) return { Action: 'email', Skipped: 'no recipient' };
  let subject = await s.filler.fill(text(a.Subject), 'line');
  const body = await s.filler.fill(text(a.Body));
  let html: string | undefined;
  let from: { address: string; name?: string } | undefined;
  let language: string | null = null;
  if (a.EmailTemplate) {
    // The templates table is the one the action's EmailTemplate field names; the template's code
    // and the recipient's language choose the row, filled by the one template renderer.
    const actions = roleTable(s.snapshot, ACTIONS);
    const templates = actions && referencedModel(actions, 'EmailTemplate', (n) => s.snapshot.table(n));
    const [chosen] = await recordsIn(s.client, templates, 't.autoid = $1', [a.EmailTemplate]);
    const wanted = (await s.filler.fill(text(a.Language), 'raw')).trim();
    const rendered =
      templates && chosen
        ? await renderTemplate({
            db: s.client,
            snapshot: s.snapshot,
            principal: s.owner,
            templates: templates.table.name,
            code: text(chosen.ID),
            language: wanted || null,
            record: s.model && s.recordId ? { table: s.model.table.name, autoId: s.recordId } : undefined,
          })
        : null;
    if (rendered) {
      subject = subject || rendered.subject;
      if (!body) html = rendered.html;
      from = rendered.from;
      language = rendered.language;
    }
  }
  const payload = { to, subject, ...(html !== undefined ? { html } : { text: body }), ...(from ? { from } : {}) };
  const id = await enqueueMessage(s.client, { kind: 'email', payload, source: source(s) });
  return { Action: 'email', To: to, Subject: subject, ...(language ? { Language: language } : {}), Message: id };
}

async function webhook(s: ActionScope, a: Record<string, unknown>): Promise<ActionResult> {
  const [hook] = await recordsOf(s.client, s.snapshot, WEBHOOKS, 't.autoid = $1', [a.Webhook]);
  if (!hook) return { Action: 'webhook', Skipped: 'no webhook' };
  const model = roleTable(s.snapshot, WEBHOOKS);
  const secretField = model?.byName.get('secret');
  const hasSecret =
    model && secretField
      ? (
          await s.client.query(
            `SELECT ${ident(secretField.sqlName)} IS NOT NULL AS has FROM ${engineTable(model.table)} WHERE autoid = $1`,
            [hook.AutoID],
          )
        ).rows[0]?.has === true
      : false;
  const method = text(hook.Method) || 'POST';
  if (!isMethod(method)) return { Action: 'webhook', Skipped: `method ${method}` };
  const content = text(a.Body) || text(hook.Content);
  const body =
    method === 'GET'
      ? undefined
      : content
        ? await s.filler.fill(content)
        : JSON.stringify({ Table: s.model?.table.name ?? null, AutoID: s.recordId ?? null, Record: s.record });
  const headers = headersOf(text(hook.Headers));
  const payload: WebhookPayload = {
    url: text(hook.Endpoint),
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(hasSecret ? { secretRef: Number(hook.AutoID) } : {}),
  };
  const id = await enqueueMessage(s.client, { kind: 'webhook', payload, source: source(s) });
  // Header values may be credentials: the history names the headers only.
  return {
    Action: 'webhook',
    Url: payload.url,
    Method: method,
    Headers: Object.keys(headers),
    Signed: hasSecret,
    Message: id,
  };
}

async function whatsapp(s: ActionScope, a: Record<string, unknown>): Promise<ActionResult> {
  const phone = (await s.filler.fill(text(a.Phone), 'line')).trim();
  if (!phone) return { Action: 'whatsapp', Skipped: 'no phone number' };
  const variables: Record<string, string> = {};
  const given = text(a.Variables).trim();
  if (given) {
    const parsed: unknown = JSON.parse(given);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      for (const [k, v] of Object.entries(parsed)) variables[k] = await s.filler.fill(text(v));
  }
  const template = text(a.MessageTemplate) || undefined;
  const id = await enqueueMessage(s.client, {
    kind: 'mobile',
    payload: { phone, template, variables },
    source: source(s),
  });
  return { Action: 'whatsapp', Phone: phone, Template: template ?? null, Message: id };
}

const ctxOf = (s: ActionScope) => ({ tableOf: (name: string) => s.snapshot.table(name), byDefinition: false });

async function setField(s: ActionScope, a: Record<string, unknown>): Promise<ActionResult> {
  const model = a.Table ? s.snapshot.table(text(a.Table)) : s.model;
  const field = model?.byName.get(text(a.Field).toLowerCase());
  if (!model || !field || !s.recordId) return { Action: 'setfield', Skipped: `no field ${text(a.Field)}` };
  const value = typed(field, await s.filler.fill(text(a.Value), 'raw'));
  await writeIn(s.client, {
    model,
    principal: s.owner,
    id: s.recordId,
    record: { [field.name]: value },
    ctx: ctxOf(s),
  });
  return { Action: 'setfield', Table: model.table.name, AutoID: s.recordId, Field: field.name, Value: value };
}

async function create(s: ActionScope, a: Record<string, unknown>): Promise<ActionResult> {
  const model = s.snapshot.table(text(a.Table));
  if (!model) return { Action: 'create', Skipped: `no table ${text(a.Table)}` };
  const record: Record<string, unknown> = {};
  const given = text(a.Values).trim();
  const parsed: unknown = given ? JSON.parse(given) : {};
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
    for (const [name, v] of Object.entries(parsed)) {
      const field = model.byName.get(name.toLowerCase());
      if (field) record[field.name] = typeof v === 'string' ? typed(field, await s.filler.fill(v, 'raw')) : v;
    }
  const { id } = await writeIn(s.client, { model, principal: s.owner, record, ctx: ctxOf(s) });
  return { Action: 'create', Table: model.table.name, AutoID: id, Values: record };
}

async function transition(s: ActionScope, a: Record<string, unknown>): Promise<ActionResult> {
  const model = s.model;
  if (!model?.workflow || !s.recordId) return { Action: 'transition', Skipped: 'no workflow' };
  const t = transitionNamed(model, text(a.Transition));
  await makeTransition(s.client, model, s.owner, s.recordId, t, {}, ctxOf(s));
  return { Action: 'transition', Table: model.table.name, AutoID: s.recordId, Transition: t.name };
}

const KINDS: Record<string, (s: ActionScope, a: Record<string, unknown>) => Promise<ActionResult>> = {
  email,
  webhook,
  whatsapp,
  setfield: setField,
  create,
  transition,
};

export async function runAction(s: ActionScope, action: Record<string, unknown>): Promise<ActionResult> {
  const kind = KINDS[text(action.Kind)];
  if (!kind) return { Action: text(action.Kind), Skipped: 'unknown kind' };
  return kind(s, action);
}
