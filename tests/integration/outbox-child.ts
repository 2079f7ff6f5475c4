// A sender in a process of its own (outbox.test.ts kills it mid-batch): sends what is due to the
// mail server the settings name, one message at a time, and says "claimed" once it holds a batch.
import pg from 'pg';
import { emailTransport, readMailSettings, registerTransport, sendDue } from '../../server/messages/index.ts';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 4 });
registerTransport('email', emailTransport({ settings: () => readMailSettings(pool), maxConnections: 1 }));
await sendDue(pool, { batchSize: 10, concurrency: 1 });
await pool.end();
