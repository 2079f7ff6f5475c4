// Core tables of the engine itself (not of packs), declared without decorators.
import { EntitySchema } from '@mikro-orm/core';

export interface SiteDefinition {
  id: number;
  kind: string;
  name: string;
  body: Record<string, unknown>;
  modifiedBy: string;
  modifiedAt: Date;
}

export interface SiteDefinitionHistory {
  id: number;
  kind: string;
  name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changedBy: string;
  changedAt: Date;
}

export interface SchemaChange {
  id: number;
  appliedAt: Date;
  tableName: string;
  columnName: string | null;
  change: string;
  sql: string;
  forced: boolean;
  appliedBy: string;
}

export const SiteDefinitionSchema = new EntitySchema<SiteDefinition>({
  name: 'SiteDefinition',
  tableName: 'core_site_definition',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    kind: { type: 'string', length: 20 },
    name: { type: 'string', length: 100 },
    body: { type: 'json' },
    modifiedBy: { type: 'string', length: 100 },
    modifiedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

export const SiteDefinitionHistorySchema = new EntitySchema<SiteDefinitionHistory>({
  name: 'SiteDefinitionHistory',
  tableName: 'core_site_definition_history',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    kind: { type: 'string', length: 20 },
    name: { type: 'string', length: 100 },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
    changedBy: { type: 'string', length: 100 },
    changedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

export const SchemaChangeSchema = new EntitySchema<SchemaChange>({
  name: 'SchemaChange',
  tableName: 'core_schema_change',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    appliedAt: { type: 'Date', columnType: 'timestamptz' },
    tableName: { type: 'string', length: 63 },
    columnName: { type: 'string', length: 63, nullable: true },
    change: { type: 'string', length: 30 },
    sql: { type: 'text' },
    forced: { type: 'boolean' },
    appliedBy: { type: 'string', length: 100 },
  },
});

export interface Session {
  id: string;
  userId: number;
  username: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export const SessionSchema = new EntitySchema<Session>({
  name: 'Session',
  tableName: 'core_session',
  properties: {
    id: { type: 'string', length: 64, primary: true, columnType: 'char(64)' },
    userId: { type: 'number', columnType: 'bigint' },
    username: { type: 'string', length: 100 },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    lastSeenAt: { type: 'Date', columnType: 'timestamptz' },
    ip: { type: 'string', length: 64, nullable: true },
    userAgent: { type: 'string', length: 300, nullable: true },
  },
});

/** Failed sign-ins of a name from one address, or from every address (source ''). */
export interface LoginFailure {
  name: string;
  source: string;
  failures: number;
  lockedUntil: Date | null;
  lastFailureAt: Date;
}

export const LoginFailureSchema = new EntitySchema<LoginFailure>({
  name: 'LoginFailure',
  tableName: 'core_login_failure',
  properties: {
    name: { type: 'string', length: 100, primary: true },
    source: { type: 'string', length: 64, primary: true },
    failures: { type: 'number', columnType: 'integer' },
    lockedUntil: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastFailureAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** A saved view of a grid; its column list is stored as the API answers it (spec 1 section 3). */
export interface FlexGridLayoutRow {
  autoid: number;
  controlName: string;
  name: string;
  layoutType: number;
  ownerId: number | null;
  securityGroupId: number | null;
  origin: string | null;
  definitionHash: string | null;
  pageSize: number;
  sort: string;
  columns: unknown[];
  defaultLayout: boolean;
  createDate: Date;
  createdBy: string;
  modifiedDate: Date;
  modifiedBy: string;
}

export const FlexGridLayoutSchema = new EntitySchema<FlexGridLayoutRow>({
  name: 'FlexGridLayout',
  tableName: 'core_flexgridlayout',
  properties: {
    autoid: { type: 'number', primary: true, autoincrement: true, columnType: 'bigint' },
    controlName: { type: 'string', length: 63 },
    name: { type: 'string', length: 100 },
    layoutType: { type: 'number', columnType: 'smallint' },
    ownerId: { type: 'number', columnType: 'bigint', nullable: true },
    securityGroupId: { type: 'number', columnType: 'bigint', nullable: true },
    origin: { type: 'string', length: 200, nullable: true },
    definitionHash: { type: 'string', length: 64, columnType: 'char(64)', nullable: true },
    pageSize: { type: 'number', columnType: 'integer' },
    sort: { type: 'string', length: 200 },
    columns: { type: 'json' },
    defaultLayout: { type: 'boolean' },
    createDate: { type: 'Date', columnType: 'timestamptz' },
    createdBy: { type: 'string', length: 100 },
    modifiedDate: { type: 'Date', columnType: 'timestamptz' },
    modifiedBy: { type: 'string', length: 100 },
  },
});

export const CORE_ENTITIES = [
  SiteDefinitionSchema,
  SiteDefinitionHistorySchema,
  SchemaChangeSchema,
  SessionSchema,
  LoginFailureSchema,
  FlexGridLayoutSchema,
];
