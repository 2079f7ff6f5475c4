import { Migration } from '@mikro-orm/migrations';

// Live events, written in the transaction of what they tell (a record changed, a job's progress,
// a session ended), so an event exists exactly when its change was committed. `txid` orders them
// for readers: events of transactions older than every running one are final, so a reader that
// moves its horizon by the snapshot's xmin neither misses nor repeats one.
export class Migration20261128010000Events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_event (
      id bigserial PRIMARY KEY,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      event_type varchar(50) NOT NULL,
      table_name varchar(63) NULL,
      record_id bigint NULL,
      user_id bigint NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql('CREATE INDEX core_event_txid_idx ON core_event (txid, id)');
    this.addSql('CREATE INDEX core_event_created_idx ON core_event (created_at)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_event');
  }
}
