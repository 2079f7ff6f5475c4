import { Migration } from '@mikro-orm/migrations';

// Uploaded files: one row per upload, named by a FileID (what file and image fields hold), with
// the name and type it came with. The bytes live in the file store under their SHA-256, written
// once however often the same content is uploaded. Pack columns hold FileIDs as text, so the text
// form of the id is indexed for the joins that give a file field its name.
export class Migration20261128020000Files extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_file (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sha256 char(64) NOT NULL,
      file_name varchar(255) NOT NULL,
      media_type varchar(100) NOT NULL,
      size bigint NOT NULL,
      created_by varchar(100) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql('CREATE INDEX core_file_sha256_idx ON core_file (sha256)');
    this.addSql('CREATE INDEX core_file_text_idx ON core_file ((id::text))');
    this.addSql('CREATE INDEX core_file_created_idx ON core_file (created_at)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_file');
  }
}
