import { Migration } from '@mikro-orm/migrations';

// Failed sign-ins of names that are no user. They lock exactly as a user's do, so neither the
// answer nor its timing tells whether a user name exists.
export class Migration20261127000000LoginFailures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_login_failure (
      name varchar(100) PRIMARY KEY,
      failures integer NOT NULL,
      locked_until timestamptz NULL,
      last_failure_at timestamptz NOT NULL
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_login_failure');
  }
}
