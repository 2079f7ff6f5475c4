import { Migration } from '@mikro-orm/migrations';

// What an import task says about its rows once it has ended. `core_import_failure` keeps the
// failed rows (at most 1,000 a task: the task's FailedRecords counts them all), each with the
// values that identify it and every problem as a message key, its arguments and its field, so a
// reader is told them in their own language. `core_import_summary` keeps how many rows were
// created and how many updated (ProcessedRecords is both).
export class Migration20261207000000ImportFailures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_import_failure (
      task_id bigint NOT NULL,
      row_no integer NOT NULL,
      result smallint NOT NULL,
      key jsonb NOT NULL DEFAULT '{}',
      problems jsonb NOT NULL DEFAULT '[]',
      PRIMARY KEY (task_id, row_no)
    )`);
    this.addSql(`CREATE TABLE core_import_summary (
      task_id bigint PRIMARY KEY,
      created integer NOT NULL,
      updated integer NOT NULL
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_import_failure');
    this.addSql('DROP TABLE core_import_summary');
  }
}
