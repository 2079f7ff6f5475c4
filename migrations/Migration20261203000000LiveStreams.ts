import { Migration } from '@mikro-orm/migrations';

// The event streams users hold open (live events, an import's progress), across every server
// process: a user holds at most a few of a kind at once whichever processes serve them. A row is
// a place a process took for one stream and
// renews while the stream is open; a process that ends without giving its places back loses
// them when they lapse. Unlogged: after a database crash every stream is gone anyway.
export class Migration20261203000000LiveStreams extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE UNLOGGED TABLE core_live_stream (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL,
      kind varchar(30) NOT NULL,
      process uuid NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    this.addSql('CREATE INDEX core_live_stream_user ON core_live_stream (user_id, kind)');
    this.addSql('CREATE INDEX core_live_stream_process ON core_live_stream (process)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_live_stream');
  }
}
