import { Migration } from '@mikro-orm/migrations';

// Failed sign-ins are counted per name and address together (the lock of one address keeps no one
// else out), and per name from every address (source ''), for users and other names alike. The
// rows so far were per name: they become the counts from every address. A lock a user's own
// columns held is carried over, so an upgrade lifts no lock.
export class Migration20261201000000LoginFailureSources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE core_login_failure ADD COLUMN source varchar(64) NOT NULL DEFAULT ''`);
    this.addSql('ALTER TABLE core_login_failure DROP CONSTRAINT core_login_failure_pkey');
    this.addSql('ALTER TABLE core_login_failure ADD PRIMARY KEY (name, source)');
    this.addSql(`DO $$ BEGIN
      IF to_regclass('users') IS NOT NULL THEN
        INSERT INTO core_login_failure (name, source, failures, locked_until, last_failure_at)
          SELECT left(lower(username), 100), '', coalesce(failedlogins, 0), lockeduntil::timestamptz, now()
            FROM users WHERE lockeduntil > localtimestamp
          ON CONFLICT (name, source) DO UPDATE SET locked_until = excluded.locked_until;
      END IF;
    END $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`DELETE FROM core_login_failure WHERE source <> ''`);
    this.addSql('ALTER TABLE core_login_failure DROP CONSTRAINT core_login_failure_pkey');
    this.addSql('ALTER TABLE core_login_failure DROP COLUMN source');
    this.addSql('ALTER TABLE core_login_failure ADD PRIMARY KEY (name)');
  }
}
