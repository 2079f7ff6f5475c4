import { Migration } from '@mikro-orm/migrations';

// Core tables: the site layer of definitions with its history, and the schema-change log.
export class Migration20261125000000Core extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    this.addSql(`CREATE TABLE core_site_definition (
      id serial PRIMARY KEY,
      kind varchar(20) NOT NULL,
      name varchar(100) NOT NULL,
      body jsonb NOT NULL,
      modified_by varchar(100) NOT NULL,
      modified_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE UNIQUE INDEX core_site_definition_kind_name ON core_site_definition (kind, lower(name))`);
    this.addSql(`CREATE TABLE core_site_definition_history (
      id serial PRIMARY KEY,
      kind varchar(20) NOT NULL,
      name varchar(100) NOT NULL,
      before jsonb NULL,
      after jsonb NULL,
      changed_by varchar(100) NOT NULL,
      changed_at timestamptz NOT NULL
    )`);
    this.addSql(
      `CREATE INDEX core_site_definition_history_name ON core_site_definition_history (kind, lower(name), changed_at)`,
    );
    this.addSql(`CREATE TABLE core_schema_change (
      id serial PRIMARY KEY,
      applied_at timestamptz NOT NULL,
      table_name varchar(63) NOT NULL,
      column_name varchar(63) NULL,
      change varchar(30) NOT NULL,
      sql text NOT NULL,
      forced boolean NOT NULL,
      applied_by varchar(100) NOT NULL
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE core_schema_change');
    this.addSql('DROP TABLE core_site_definition_history');
    this.addSql('DROP TABLE core_site_definition');
  }
}
