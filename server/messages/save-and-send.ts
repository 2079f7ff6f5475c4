// "Save and send" (transition `saveAndSend` of the outbox): one action that takes the corrected
// recipients and subject of a message and queues it again, in one transaction. The row's
// `Recipients` and `Subject` are what the grid shows; the message itself is its payload, so a
// write that changes them writes them into the payload too, through the same checks a queued
// message passes (a recipient, no line break in a header). A prompt left empty keeps the stored
// value. Only e-mail and mobile messages have recipients to correct; a webhook's target is its
// webhook's.
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { BeforeWrite, WriteHook } from '../data/write-hooks.ts';
import { AppError, invalidFields } from '../errors.ts';
import { checkPayload, payloadOf } from './outbox.ts';
import type { MessagePayload } from './types.ts';

/** The behaviour (BehaviourName) of the outbox table. */
export const OUTBOX_BEHAVIOUR = 'outbox-message';

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

function setValue(write: BeforeWrite, name: string, value: unknown): EffectiveField | undefined {
  const field = write.model.byName.get(name.toLowerCase());
  if (!field) return undefined;
  write.values.set(field, value);
  write.merged[field.name] = value;
  return field;
}

/** The payload with the row's recipients and subject written into it. */
function corrected(kind: string, payload: MessagePayload, recipients: string, subject: string): MessagePayload {
  if (kind === 'email' && 'to' in payload)
    return {
      ...payload,
      to: recipients
        .split(/[,;\s]+/)
        .map((x) => x.trim())
        .filter(Boolean),
      // The grid's recipients held the copies too: they are all addressed now.
      cc: undefined,
      subject,
    };
  if (kind === 'mobile' && 'phone' in payload) return { ...payload, phone: recipients.trim() };
  return payload;
}

export const saveAndSendHook: WriteHook = {
  async beforeWrite(_client, write) {
    const before = write.before;
    if (!before) return;
    const kind = text(before.Kind);
    if (kind !== 'email' && kind !== 'mobile') return;
    let changed = false;
    for (const name of ['Recipients', 'Subject']) {
      const now = text(write.merged[name]);
      if (!now.trim()) setValue(write, name, before[name]);
      else if (now !== text(before[name])) changed = true;
    }
    if (!changed) return;
    const stored = payloadOf(kind, JSON.parse(text(before.Payload)));
    if (!stored) return;
    const payload = corrected(kind, stored, text(write.merged.Recipients), text(write.merged.Subject));
    try {
      checkPayload(kind, payload);
    } catch (err) {
      // Said under the field the user corrects, as a form shows it.
      if (err instanceof AppError) throw invalidFields({ Recipients: [{ id: err.id, args: err.args }] });
      throw err;
    }
    setValue(write, 'Payload', JSON.stringify(payload));
  },
};
