import { Migration } from '@mikro-orm/migrations';

// The links of an account's life (activation, password recovery): the table holds a SHA-256 of
// the link's token, never the token, and a link is used once, before it expires.
export class Migration20261208010000AccountLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_account_link (
      id varchar(64) PRIMARY KEY,
      user_id bigint NOT NULL,
      purpose varchar(20) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL
    )`);
    this.addSql('CREATE INDEX core_account_link_user ON core_account_link (user_id, purpose)');
  }
  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_account_link');
  }
}
