// "Save and send" is one action on an outbox message: the corrected recipients and subject are
// written into the message and it is queued again in the same transaction, then delivered to a
// real SMTP server; no line break reaches a header, and an ignored message is refused.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeEmailConnections,
  emailTransport,
  enqueueMessage,
  MESSAGE_STATUS as S,
  readMailSettings,
  registerTransport,
  sendDue,
} from '../../server/messages/index.ts';
import { localSmtp, readMessage, type LocalSmtp } from '../support/smtp.ts';
import { post, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let smtp: LocalSmtp;
let pool: pg.Pool;

const rowOf = async (id: number) =>
  (
    await pool.query(
      'SELECT status, attempts, recipients, subject, payload, ignored FROM outboxmessages WHERE autoid = $1',
      [id],
    )
  ).rows[0];

async function failedMessage(): Promise<number> {
  const client = await pool.connect();
  try {
    const id = await enqueueMessage(client, {
      kind: 'email',
      payload: { to: ['typo@exmaple.test'], cc: ['copy@example.test'], subject: 'Factuur 12', text: 'Bijgaand.' },
    });
    await client.query(
      `UPDATE outboxmessages SET status = $2, attempts = 2, errorreason = 'geweigerd' WHERE autoid = $1`,
      [id, String(S.Failed)],
    );
    return id;
  } finally {
    client.release();
  }
}

const saveAndSend = async (id: number, Values: Record<string, unknown>) => {
  const res = await post(server.app, '/mvc/outboxmessages/ChangeStatus', {
    autoids: [id],
    Transition: 'saveAndSend',
    Values,
  });
  const results: { Result: string; Error?: string }[] = res.status === 200 ? res.body.Results : [];
  return results[0] ?? { Result: 'HTTP', Error: JSON.stringify(res.body) };
};

beforeAll(async () => {
  smtp = await localSmtp();
  server = await startTestServer({ config: { workers: 0, packs: ['testbase', 'testmessages'] } });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  await pool.query(
    `UPDATE mailserversettings SET host = '127.0.0.1', port = $1, usetls = false, senderaddress = 'noreply@example.test', testmode = false`,
    [smtp.port],
  );
  registerTransport('email', emailTransport({ settings: () => readMailSettings(pool) }));
}, 120_000);

afterAll(async () => {
  closeEmailConnections();
  await pool?.end();
  await server?.close();
  await smtp?.close();
});

describe('save and send', () => {
  it('writes the corrected recipients and subject into the message, queues it again and delivers it', async () => {
    const id = await failedMessage();
    expect(
      (
        await saveAndSend(id, {
          Recipients: 'klant@example.test; boekhouding@example.test',
          Subject: 'Factuur 12 (herzien)',
        })
      ).Result,
    ).toBe('SUCCESS');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: String(S.New), attempts: 0, subject: 'Factuur 12 (herzien)' });
    const payload = JSON.parse(String(row.payload));
    expect(payload).toMatchObject({
      to: ['klant@example.test', 'boekhouding@example.test'],
      subject: 'Factuur 12 (herzien)',
    });
    expect(payload).not.toHaveProperty('cc');
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Succeeded));
    const arrived = smtp.arrived.filter((m) => m.to.includes('klant@example.test'));
    expect(arrived).toHaveLength(1);
    expect(arrived[0].to).toEqual(['klant@example.test', 'boekhouding@example.test']);
    expect(readMessage(arrived[0].raw).header('subject')).toBe('Factuur 12 (herzien)');
  });

  it('keeps a value whose prompt is left empty', async () => {
    const id = await failedMessage();
    expect((await saveAndSend(id, { Subject: 'Alleen het onderwerp' })).Result).toBe('SUCCESS');
    const row = await rowOf(id);
    expect(JSON.parse(String(row.payload))).toMatchObject({
      to: ['typo@exmaple.test', 'copy@example.test'],
      subject: 'Alleen het onderwerp',
    });
  });

  it('never lets a line break into a header, and refuses an ignored message, changing nothing', async () => {
    const id = await failedMessage();
    const injected = await saveAndSend(id, { Subject: 'Factuur\r\nBcc: spy@example.test' });
    const after = await rowOf(id);
    // Refused, or taken as one line: either way no header of its own.
    expect(JSON.parse(String(after.payload)).subject).not.toMatch(/[\r\n]/);
    if (injected.Result !== 'SUCCESS') expect(after.status).toBe(String(S.Failed));
    const ignoredId = await failedMessage();
    await pool.query('UPDATE outboxmessages SET ignored = true, status = $2 WHERE autoid = $1', [
      ignoredId,
      String(S.Skipped),
    ]);
    const ignored = await saveAndSend(ignoredId, { Recipients: 'klant@example.test' });
    expect(ignored.Result).not.toBe('SUCCESS');
    expect(await rowOf(ignoredId)).toMatchObject({
      status: String(S.Skipped),
      recipients: 'typo@exmaple.test, copy@example.test',
    });
  });
});
