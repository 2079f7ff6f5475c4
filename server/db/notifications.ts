// PostgreSQL LISTEN/NOTIFY for the process: one connection for every channel, reconnected when it
// drops. While it is down a notification may be missed, so `connected` is false and `epoch`
// moves on every loss and reconnection: caches that trust notifications check both, and the
// handlers given to `reconnected` catch up on what may have been missed.
import pg from 'pg';

const RETRY_MS = [100, 500, 1000, 2000, 5000];

export class Notifications {
  private client?: pg.Client;
  private closed = false;
  private attempt = 0;
  private readonly handlers = new Map<string, ((payload: string) => void)[]>();
  private readonly onReconnect: (() => void)[] = [];
  /** Changes on every loss and every re-establishment of the connection. */
  epoch = 0;
  connected = false;

  constructor(
    private readonly url: string,
    private readonly log: (line: string) => void = () => {},
  ) {}

  on(channel: string, handler: (payload: string) => void): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`refusing channel name ${channel}`);
    const list = this.handlers.get(channel) ?? [];
    list.push(handler);
    this.handlers.set(channel, list);
    if (this.client && this.connected) void this.client.query(`LISTEN ${channel}`).catch(() => undefined);
  }

  /** Called after the connection came back: notifications in between may be lost. */
  reconnected(handler: () => void): void {
    this.onReconnect.push(handler);
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      for (const h of this.handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    this.connected = true;
    this.epoch++;
    this.attempt = 0;
  }

  private lost(client: pg.Client, err: unknown): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.connected = false;
    this.epoch++;
    client.end().catch(() => undefined);
    this.log(`notifications lost: ${(err as Error)?.message ?? String(err)}; reconnecting`);
    void this.retry();
  }

  private async retry(): Promise<void> {
    while (!this.closed && !this.connected) {
      await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]));
      if (this.closed) return;
      try {
        await this.connect();
        this.log('notifications connected again');
        for (const h of this.onReconnect) h();
      } catch {
        // The database is still away: try again.
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connected = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
