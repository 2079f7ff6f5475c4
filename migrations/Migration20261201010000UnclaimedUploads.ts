import { Migration } from '@mikro-orm/migrations';

// An upload waits for a save to name it in a file or image field; until then it counts toward its
// user's quota of unclaimed uploads. Files the server makes itself (exports, import inputs and
// outputs) never wait. Indexed per user, for the quota's count at every upload.
export class Migration20261201010000UnclaimedUploads extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE core_file ADD COLUMN unclaimed boolean NOT NULL DEFAULT false');
    this.addSql('CREATE INDEX core_file_unclaimed_idx ON core_file (created_by) WHERE unclaimed');
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX core_file_unclaimed_idx');
    this.addSql('ALTER TABLE core_file DROP COLUMN unclaimed');
  }
}
