import { Migration } from '@mikro-orm/migrations';

// A single sign-on flow in progress: started by a browser (which holds the flow's id in a cookie;
// the table keeps its SHA-256 only), used once by the provider's answer, and short-lived. The
// PKCE verifier, state and nonce never leave the server but in the shapes the standard sends.
export class Migration20261208030000SignOnFlows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_sign_on_flow (
      id varchar(64) PRIMARY KEY,
      provider_id bigint NOT NULL,
      state varchar(100) NOT NULL,
      nonce varchar(100) NOT NULL,
      code_verifier varchar(200) NOT NULL,
      return_to varchar(500) NOT NULL,
      link_user_id bigint NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL
    )`);
    this.addSql('CREATE INDEX core_sign_on_flow_expires ON core_sign_on_flow (expires_at)');
  }
  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_sign_on_flow');
  }
}
