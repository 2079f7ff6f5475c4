// The shapes of definition files. They match the JSON Schemas in ./schema one to one;
// tests/unit/schema-types.test.ts keeps the two in step.
import type { RulesLogic } from 'json-logic-js';

export type FieldType =
  | 'text' | 'textarea' | 'html' | 'color'
  | 'smallint' | 'integer' | 'bigint' | 'decimal'
  | 'bool'
  | 'date' | 'time' | 'datetime' | 'datetime-seconds'
  | 'list' | 'select'
  | 'image' | 'file'
  | 'password';

export type Align = 0 | 1 | 2;

export interface SelectOption { value: string; label: string }

export interface FieldDef {
  name: string;
  label?: string;
  /** A field without a type in a higher layer overrides attributes of a lower layer's field. */
  type?: FieldType;
  required?: boolean;
  enabled?: boolean;
  tab?: string;
  column?: number;
  group?: string;
  width?: number;
  height?: number;
  align?: Align;
  format?: number;
  min?: number;
  max?: number;
  step?: number;
  default?: string | number | boolean | null;
  maxLength?: number;
  unit?: string;
  list?: string;
  parentList?: string;
  integers?: number;
  decimals?: number;
  filter?: boolean;
  sortable?: boolean;
  productProperty?: boolean;
  options?: SelectOption[];
  visibleWhen?: RulesLogic;
  enabledWhen?: RulesLogic;
  requiredWhen?: RulesLogic;
}

export interface IndexDef { name?: string; fields: string[]; unique?: boolean }

export interface TableDef {
  name: string;
  /** Set in a customer pack or the site layer to change a table a lower layer defines. */
  extends?: boolean;
  label?: string;
  right?: string;
  /**
   * A server behaviour after each write. 'site-dictionary': the table's rows define tables and
   * fields of the site layer (the field and table dictionaries). 'user-account': the rows are
   * users; a new password ends the user's sessions.
   */
  behaviour?: 'site-dictionary' | 'user-account';
  archivable?: boolean;
  searchFields?: string[];
  displayFields?: string[];
  defaultSort?: string;
  indexes?: IndexDef[];
  fields: FieldDef[];
}

export interface FormGroupDef { GroupID: string; label?: string; tab?: string; column?: number; fields: string[] }
export interface FormDef {
  name: string;
  table: string;
  extends?: boolean;
  tabs?: { name: string; label: string }[];
  groups: FormGroupDef[];
}

export interface LayoutColumnDef {
  FieldName: string;
  ColumnWidth?: number;
  ColumnAlignment?: Align;
  Visible?: boolean;
}
export interface GridLayoutDef { Name: string; PageSize?: number; Sort?: string; Columns: LayoutColumnDef[] }
export interface GridDef { name: string; table: string; layouts: GridLayoutDef[] }

export type ScreenKind = 'maintenance' | 'systemtable' | 'settings' | 'detail';
export interface ScreenDef {
  name: string;
  kind: ScreenKind;
  table: string;
  title: string;
  parent?: string;
  module?: string;
  rights?: { read?: string; create?: string; update?: string; delete?: string };
  dataSourceSwitch?: boolean;
  fetchDestination?: string;
  tabs?: { name: string; title: string; table: string; parentField: string }[];
  actions?: { name: string; label: string; right?: string; batch?: boolean }[];
}

export interface ListDef {
  name: string;
  table: string;
  textField: string;
  codeField?: string;
  /** Filter parameters of the lookup call, each bound to a field of the source table. */
  parameters?: Record<string, string>;
  /** Archive-aware lists honour the caller's Archive flag; others always hide archived rows. */
  archive?: boolean;
  order?: string;
}

export type RightAction = 'read' | 'update' | 'create' | 'delete' | 'createorupdate' | 'execute';
export interface RightDef { code: string; name: string; actions: RightAction[] }
export interface RightsDef { rights: RightDef[] }

export interface SeedDef { table: string; key: string; rows: Record<string, unknown>[] }
export interface PackDef { name: string; version: string; title: string; dependsOn?: string[] }
export interface LocaleDef { language: string; messages: Record<string, string> }

export type DefinitionKind = 'pack' | 'table' | 'form' | 'grid' | 'screen' | 'list' | 'rights' | 'seed' | 'locale';
