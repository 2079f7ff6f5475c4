import { Migration } from '@mikro-orm/migrations';

// The installation: its product code (spec 3 §9: 32 characters), made once and kept, which an
// activation code is issued for. One row.
export class Migration20261130000000Installation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_installation (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      product_code char(32) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_installation');
  }
}
