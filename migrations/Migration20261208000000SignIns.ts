import { Migration } from '@mikro-orm/migrations';

// Every sign-in attempt with its outcome, for the session statistics (spec 3 §2): sessions
// themselves are deleted when they end, and the sign-in lock keeps counts, not history.
export class Migration20261208000000SignIns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_sign_in (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      user_id bigint NULL,
      username varchar(100) NOT NULL,
      outcome varchar(10) NOT NULL
    )`);
    this.addSql('CREATE INDEX core_sign_in_at ON core_sign_in (at)');
  }
  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_sign_in');
  }
}
