import { Migration } from '@mikro-orm/migrations';

// Spreadsheet imports. `core_import_row` holds each row's outcome, written in the transaction
// that writes the row's batch into its table: the highest row number of a task is where a
// resumed import goes on, so no row is written twice; the rows go once the output file is stored.
// `core_import_mode` keeps a user's advanced mode and the code they confirm it with.
export class Migration20261129000000Imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_import_row (
      task_id bigint NOT NULL,
      row_no integer NOT NULL,
      result smallint NOT NULL,
      message text,
      record_id bigint,
      PRIMARY KEY (task_id, row_no)
    )`);
    this.addSql(`CREATE TABLE core_import_mode (
      user_id bigint PRIMARY KEY,
      code varchar(20) NOT NULL,
      advanced boolean NOT NULL DEFAULT false,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_import_row');
    this.addSql('DROP TABLE core_import_mode');
  }
}
