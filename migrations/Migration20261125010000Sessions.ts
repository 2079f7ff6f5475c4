import { Migration } from '@mikro-orm/migrations';

// Sessions live in PostgreSQL so every server process shares them. The id is the SHA-256 of the
// cookie's token: a copy of this table does not hand out working cookies.
export class Migration20261125010000Sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_session (
      id char(64) PRIMARY KEY,
      user_id bigint NOT NULL,
      username varchar(100) NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      ip varchar(64) NULL,
      user_agent varchar(300) NULL
    )`);
    this.addSql('CREATE INDEX core_session_user ON core_session (user_id)');
    this.addSql('CREATE INDEX core_session_expires ON core_session (expires_at)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_session');
  }
}
