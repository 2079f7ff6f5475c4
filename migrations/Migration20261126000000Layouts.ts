import { Migration } from '@mikro-orm/migrations';

// Saved views of the grids (flex grid layouts). A user view (type 1) has an owner; a system view
// (type 0) is for everyone, or for one security group when it names one. Views that come from the
// definitions carry their origin, so a pack change can update them. Each level keeps at most one
// default per grid.
export class Migration20261126000000Layouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE core_flexgridlayout (
      autoid bigserial PRIMARY KEY,
      control_name varchar(63) NOT NULL,
      name varchar(100) NOT NULL,
      layout_type smallint NOT NULL CHECK (layout_type IN (0, 1)),
      owner_id bigint NULL,
      security_group_id bigint NULL,
      origin varchar(200) NULL,
      definition_hash char(64) NULL,
      page_size integer NOT NULL,
      sort varchar(200) NOT NULL DEFAULT '',
      columns jsonb NOT NULL,
      default_layout boolean NOT NULL DEFAULT false,
      create_date timestamptz NOT NULL DEFAULT now(),
      created_by varchar(100) NOT NULL,
      modified_date timestamptz NOT NULL DEFAULT now(),
      modified_by varchar(100) NOT NULL,
      CHECK ((layout_type = 1) = (owner_id IS NOT NULL)),
      CHECK (layout_type = 0 OR security_group_id IS NULL)
    )`);
    this.addSql(`CREATE UNIQUE INDEX core_flexgridlayout_name ON core_flexgridlayout
      (control_name, layout_type, coalesce(owner_id, 0), coalesce(security_group_id, 0), lower(name))`);
    this.addSql(
      `CREATE UNIQUE INDEX core_flexgridlayout_origin ON core_flexgridlayout (control_name, origin) WHERE origin IS NOT NULL`,
    );
    this.addSql(`CREATE UNIQUE INDEX core_flexgridlayout_default ON core_flexgridlayout
      (control_name, layout_type, coalesce(owner_id, 0), coalesce(security_group_id, 0)) WHERE default_layout`);
    this.addSql('CREATE INDEX core_flexgridlayout_owner ON core_flexgridlayout (owner_id) WHERE owner_id IS NOT NULL');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_flexgridlayout');
  }
}
