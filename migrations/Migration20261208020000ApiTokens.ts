import { Migration } from '@mikro-orm/migrations';

// The access tokens of API clients (server/security/api-tokens.ts): only the SHA-256 of a token is
// kept, as for sessions, with the client and the user it acts as. A token is never slid: it ends
// at its expiry, or when its client is disabled, changed or given a new secret.
export class Migration20261208020000ApiTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_api_token (
      id char(64) PRIMARY KEY,
      client_id bigint NOT NULL,
      user_id bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ip varchar(100) NULL
    )`);
    this.addSql('CREATE INDEX core_api_token_client ON core_api_token (client_id)');
    this.addSql('CREATE INDEX core_api_token_expires ON core_api_token (expires_at)');
  }
  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_api_token');
  }
}
