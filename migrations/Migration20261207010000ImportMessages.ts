import { Migration } from '@mikro-orm/migrations';

// What an ended import task says as a whole (why it stopped, the columns it did not read, that it
// was a dry run), as message keys with their arguments, so that a reader is told it in their own
// language; the task's ErrorMessage keeps it in Dutch for its grid.
export class Migration20261207010000ImportMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_import_message (
      task_id bigint PRIMARY KEY,
      said jsonb NOT NULL
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_import_message');
  }
}
