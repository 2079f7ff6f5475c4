import { Migration } from '@mikro-orm/migrations';

// A running import's sign of life: its process writes the time here every few seconds. A task
// whose time is stale has lost its process, and any process's sweep has it taken over or failed
// (server/imports/heartbeat.ts). One row per task while it runs; gone when it ends.
export class Migration20261204000000ImportHeartbeats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_import_heartbeat (
      task_id bigint PRIMARY KEY,
      beat_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_import_heartbeat');
  }
}
