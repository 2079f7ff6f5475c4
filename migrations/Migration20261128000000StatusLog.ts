import { Migration } from '@mikro-orm/migrations';

// The status log of every record of every table: each transition, and each change of a field
// marked logChanges. Rows are never changed; they are read per record (table, record).
export class Migration20261128000000StatusLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_status_log (
      autoid bigserial PRIMARY KEY,
      table_name varchar(63) NOT NULL,
      record_id bigint NOT NULL,
      field_name varchar(63) NOT NULL,
      transition varchar(100) NULL,
      from_value jsonb NULL,
      to_value jsonb NULL,
      reason text NULL,
      comment text NULL,
      status_date date NULL,
      changed_by varchar(100) NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql('CREATE INDEX core_status_log_record_idx ON core_status_log (table_name, record_id, autoid)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_status_log');
  }
}
