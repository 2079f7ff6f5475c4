// The shapes of definition files. They match the JSON Schemas in ./schema one to one;
// tests/unit/schema-types.test.ts keeps the two in step.
import type { ChartDef } from './chart.ts';
import type { ModuleCode } from './licence.ts';
import type { RulesLogic } from 'json-logic-js';
import type { EInvoiceLineTerm, EInvoiceTerm } from './einvoice-terms.ts';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'html'
  | 'color'
  | 'smallint'
  | 'integer'
  | 'bigint'
  | 'decimal'
  | 'bool'
  | 'date'
  | 'time'
  | 'datetime'
  | 'datetime-seconds'
  | 'list'
  | 'select'
  | 'image'
  | 'file'
  | 'password';

export type Align = 0 | 1 | 2;

export interface SelectOption {
  value: string;
  label: string;
}

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
  /** A file field that takes XML documents (a UBL invoice), kept and served as plain text. */
  acceptXml?: boolean;
  /**
   * A list field's entries limited by the record being edited: each list parameter takes the value
   * of a field of the record, or of a row it references (`{"RelationID": "DeliverRelation"}`,
   * `{"PurchaseOrderID": "Receipt.PurchaseOrder"}`). The lookup offers only those rows and a save
   * refuses another; an empty value limits nothing.
   */
  listFilter?: Record<string, string>;
  integers?: number;
  decimals?: number;
  filter?: boolean;
  sortable?: boolean;
  productProperty?: boolean;
  /**
   * The field holds a text in this language (a translation of a label): forms show it only while
   * the language is an active content language.
   */
  contentLanguage?: 'da' | 'de' | 'en' | 'es' | 'fr' | 'pl' | 'tr' | 'zh';
  options?: SelectOption[];
  visibleWhen?: RulesLogic;
  enabledWhen?: RulesLogic;
  requiredWhen?: RulesLogic;
  /** Set when the record is created and never changed after (the parent key of a child table). */
  fixed?: boolean;
  /**
   * A password field the engine must use again (the SMTP password): kept encrypted at rest (SECRETS_KEY
   * or the data directory's key) instead of hashed; write-only like every password field.
   */
  secret?: boolean;
  /** A scanned code: a value that is a URL keeps only its last path segment, on every write path. */
  barcode?: boolean;
  /**
   * A value taken from a referenced row when the field is empty (`Product.Descr`: a line's
   * description is its product's): on create, and when a write changes the reference.
   */
  defaultFrom?: string;
  /**
   * For a derived field (defaultFrom): what a user who may not see a field the value comes from
   * gets. 'hide': the field is hidden from them too; 'skip': it is not derived for them (they give
   * it, and see what others' writes stored).
   */
  whenSourceHidden?: 'hide' | 'skip';
  /**
   * A stored computed field: the value of a json-logic expression over the record and the fields
   * of rows its list fields reference, written by every write of the record (read-only: `enabled`
   * false).
   */
  compute?: {
    expression: RulesLogic;
    /**
     * An editable field whose value is suggested (a person's display name from the name parts): it
     * is computed while the field is empty or still holds what the record's values gave before the
     * change; a value the user typed is kept.
     */
    overridable?: boolean;
    /**
     * Computed again when a field it reads of a referenced row changes (a purchase invoice line's
     * received quantity follows later receipts of its order line), unless the record or its parent
     * is in a read-only state: a completed document keeps what it showed.
     */
    follow?: boolean;
  };
  /**
   * A total over child rows: `op` of `field` of the rows of `table` whose list field `via` (by
   * default its one list field naming this table) names the record, those `where` admits; kept
   * on every write of a child, by any path, in the same transaction (read-only: `enabled` false).
   */
  rollup?: RollupDef;
  /**
   * A list field whose value the engine picks: the row of its list's table for which `where`
   * holds, over that row's fields and the record's (`$record.BookDate`) — a journal's book year
   * is the one whose dates hold its book date. Chosen again when a record field it reads changes,
   * the first by `order` ("StartDate desc"), empty when none holds (read-only: `enabled` false).
   */
  pick?: { where: RulesLogic; order?: string };
  /** Every change of this field (by save, action or transition) writes a row of the record's status log. */
  logChanges?: boolean;
  /**
   * A list field of a status table whose rows say what happens after a delay: fields of that
   * table telling whether to change (`change`, to `to`) and whether to archive (`archive`), after
   * `delay` days in the status (counted from the status log, else from the record's creation).
   */
  autoStatus?: { change?: string; to?: string; archive?: string; delay: string };
  /**
   * A text field whose value is a code of a catalogue of the definitions (`rights`: the effective
   * rights). A save refuses a code that is not in it (or that the acting user may not see), the
   * form picks an entry by its name, and records answer `<Field>_Descr` as "name (code)".
   */
  catalogue?: CatalogueName;
  /**
   * A list field's default on create: the one row of its table whose fields hold these values
   * (`{"IsDefault": true}`: the status marked default), as the acting user may see it.
   */
  defaultRow?: Record<string, string | number | boolean>;
  /**
   * A field's default on create from a settings table's row (`$settings.workflowsettings.DefaultWorkflowStatus`):
   * a new record that leaves the field empty takes the setting's value while the setting has one,
   * before `defaultRow` and the field's `default`.
   */
  defaultSetting?: string;
  /**
   * For `catalogue: fields` or `tabs`: the field of the same record (with `catalogue: tables`) that
   * holds the table whose fields (or whose form's tabs) are offered and accepted.
   */
  catalogueOf?: string;
  /**
   * The field holds an action of the catalogue entry that field `actionsOf` (a field with a
   * `catalogue`) names: a save refuses an action the entry does not have, and the form offers
   * only the entry's actions.
   */
  actionsOf?: string;
}

/** The catalogues a field may take its codes from (FieldDef.catalogue). */
export type CatalogueName = 'rights' | 'tables' | 'lists' | 'fields' | 'tabs';
/** The catalogues whose entries are those of one table, named by another field of the record (`catalogueOf`). */
export type TableCatalogueName = Extract<CatalogueName, 'fields' | 'tabs'>;
/** An entry of a catalogue: its code, its name for people (Dutch), and the actions it has (rights only). */
export interface CatalogueItem {
  code: string;
  name: string;
  actions: RightAction[];
}

export interface IndexDef {
  name?: string;
  fields: string[];
  unique?: boolean;
}

/**
 * The named server behaviours a table may have. 'site-dictionary': the table's rows define tables and
 * fields of the site layer (the field and table dictionaries). 'user-account': the rows are users; a
 * new password ends the user's sessions.
 * 'row-limit': the rows are row limits; a `userfield` limit must name a field of the users table.
 * 'webhook-secret': the rows are webhooks; their password field (marked `secret`, kept encrypted)
 * signs their calls and is never answered.
 * 'automation', 'automation-trigger', 'automation-action', 'automation-run', 'automation-settings':
 * the tables the automation engine keeps its automations, triggers, actions, runs and settings in
 * (server/automations finds them by these, never by name).
 * 'api-client': the rows are API clients (server/security/api-clients.ts): a generated client id,
 * a secret kept as an argon2 hash, scopes checked against the rights; a change that narrows what
 * a client may do ends its tokens.
 * 'identity-provider': the rows are single sign-on identity providers (server/business/single-sign-on):
 * a claim maps onto one user attribute only, the client secret is kept encrypted.
 * 'email-template': the rows are e-mail templates; a save refuses a placeholder of the subject or
 * body that is malformed or names no field of the table the row's `Table` names.
 * 'outbox-message': the rows are the outbox; a write that corrects a message's recipients or
 * subject writes them into its payload, through the checks of a queued message.
 */
export type BehaviourName =
  | 'site-dictionary'
  | 'user-account'
  | 'row-limit'
  | 'webhook-secret'
  | 'automation'
  | 'automation-trigger'
  | 'automation-action'
  | 'automation-run'
  | 'automation-settings'
  | 'api-client'
  | 'identity-provider'
  | 'email-template'
  | 'outbox-message';

export interface TableDef {
  name: string;
  /** Set in a customer pack or the site layer to change a table a lower layer defines. */
  extends?: boolean;
  label?: string;
  right?: string;
  /** Named server behaviours around each write (BehaviourName). */
  behaviour?: BehaviourName | BehaviourName[];
  /** The licence module the table belongs to (spec 3 §6): while it is not active, no call reaches the table. */
  module?: ModuleCode;
  archivable?: boolean;
  /**
   * Reference data (groups, statuses, languages): a row's text (`<Field>_Descr`) shows through a list
   * field the user may read even without the right to read this table; its row limits still hold.
   */
  referenceData?: boolean;
  /**
   * Rows the engine alone writes (a licence's activations, kept as their history): the generic
   * save and delete, named calls, actions, transitions and imports refuse every write, full access
   * included. No later layer takes it back.
   */
  readOnly?: boolean;
  searchFields?: string[];
  displayFields?: string[];
  defaultSort?: string;
  indexes?: IndexDef[];
  fields: FieldDef[];
  /** An empty ID on create draws the next number of a counter row. */
  numbering?: NumberingDef;
  /** Rules across fields, checked on the server and live in the form. */
  checks?: CheckDef[];
  /** Every change of a field writes a row into a log table. */
  changeLogs?: ChangeLogDef[];
  /** Properties a record has by its type, kept as rows of a values table (see TypedPropertiesDef). */
  typedProperties?: TypedPropertiesDef;
  /** Questions the form asks before a save (the server does not ask). */
  confirms?: ConfirmDef[];
  /** A list field of users: each row is seen only by that user (and by full-access groups). */
  ownedBy?: string;
  /**
   * The table lists the content languages (spec 3 §3): the languages the product offers are its
   * active rows, by their culture (`en`, `de-DE`); `isDefault` names the one a new user starts with.
   */
  contentLanguages?: { culture: string; status?: { field: string; active: string }; isDefault?: string };
  /**
   * Each row belongs to one record of another table, named by two of its fields (the table's
   * name and the record's AutoID): it is seen only by users who see that record. The tables a
   * row may belong to are those whose screens have a `documents` tab on this table.
   */
  belongsTo?: BelongsToDef;
  /**
   * Rows of a restricted kind (a list field whose row has `flag` true) are seen only by members of
   * the kind's allowed security groups (rows of `groups.table`) and by full access, on every path.
   */
  restrictedBy?: RestrictedByDef;
  /** Rows are removed once older than the retention their kind (a list field) gives. */
  retention?: RetentionDef;
  /** Calls of its own under mvc/{table}/{name}, each a generic operation with its payload's names (CallDef). */
  calls?: CallDef[];
  /** The record is an invoice: which fields hold its EN 16931 business terms (EInvoiceDef). */
  einvoice?: EInvoiceDef;
  /** Records are made from received e-invoices: which fields take which business terms (EInvoiceReceiveDef). */
  einvoiceReceive?: EInvoiceReceiveDef;
  /** Its records are planned on the planning board: which fields hold start, end, resource, text, colour (PlanningDef). */
  planning?: PlanningDef;
  /** Rows copied under each new record from the child rows of a row it names (ChildrenFromDef). */
  childrenFrom?: ChildrenFromDef[];
}

/**
 * Rows copied under a new record, on every path that creates one (a save, an import, an action,
 * the nightly run): the rows of `from` whose list field `via` names the row the record's list field
 * `through` names (a new inspection takes its plan's questions) become rows of `table` under the
 * new record, when `when` holds. `set` and `when` read `$record` (the row `through` names), `$child`
 * (the row copied) and `$created` (the new record), with paths through their list fields
 * (`$created.Object.ObjectType`). Only when the record is made: later changes of `through` copy nothing.
 */
export interface ChildrenFromDef extends CopyChildrenDef {
  through: string;
  from: string;
}

/**
 * A table whose records the planning board shows as bars (docs/definitions.md, Planning): `start`
 * and `end` are datetime fields, `resource` a list field naming the board's row (a person, a team,
 * an object), `text` the field holding the bar's text, `color` a colour field of the record or of a row a list field
 * names (`Status.Color`), `flags` bool fields shown on the bar when true (a rule's outcome, such
 * as Buiten werktijden), `team` a list field the board filters by. A record is unplanned while it
 * has no start or no resource, or while `unplannedWhen` holds.
 */
/** A team's rows of one kind: the rows of `table` whose `team` names the team and whose `resource` is the row, by `order`. */
export interface PlanningMembers {
  table: string;
  team: string;
  resource: string;
  order?: string;
}

export interface PlanningDef {
  start: string;
  end: string;
  resource: string;
  text: string;
  color?: string;
  team?: string;
  flags?: string[];
  unplannedWhen?: RulesLogic;
  /** The board's rows of a team: rows of `table` whose `team` names it and whose `resource` is the row, by `order`. */
  members?: PlanningMembers;
  /**
   * Further kinds of rows (objects, the team itself), after the resource's: a record is on the row
   * of the first of `resource` and these fields that is filled. A kind whose field names the team's
   * table has the teams as rows; one with `members` a team's rows of its table, by `order`.
   */
  rows?: { resource: string; members?: PlanningMembers }[];
  /** A text field of the team's table holding its time zone (IANA): a team's rows show their times in it. */
  timeZone?: string;
  /**
   * Capacity per team and week: the team's `plan` (a list field of the team's table) names a row
   * whose `hours` fields give each member's hours per weekday (Monday first); an absence row of
   * `absences.table` naming the member (`resource`) from `from` to `to` takes their hours of those days.
   */
  capacity?: {
    plan: string;
    hours: string[];
    absences?: { table: string; resource: string; from: string; to: string };
  };
}

/**
 * Where a business term's value comes from: a field or a path through list fields, a fixed value,
 * or a field (or path) of a row under the record or under the row a path reaches: the first row
 * of table `row` naming it (`via`: that path; none: the record) for which the bool field `where`
 * holds — a relation's main address: `{"row": "relationaddresses", "via": "InvoiceRelation",
 * "where": "IsMain", "field": "Country.ID"}`.
 */
export type EInvoiceSource = string | { value: string } | EInvoiceRowSource;

export interface EInvoiceRowSource {
  row: string;
  via?: string;
  where: string;
  field: string;
}

/**
 * An invoice's EN 16931 mapping: the business terms (`BT-1`…) of the record and of its lines, by
 * field or path (`Administration.VatNumber`). The computed terms (line net amounts, sums, the VAT
 * breakdown, totals) are the engine's. `documents` names the table that keeps the generated UBL
 * documents and their process state, and the transition of its workflow that sends one.
 */
export interface EInvoiceDef {
  profile: 'peppol-bis-3';
  terms: Partial<Record<EInvoiceTerm, EInvoiceSource>>;
  lines: {
    table: string;
    /** The lines' list field naming the record (by default their one list field to this table). */
    parent?: string;
    /** Only the lines this rule holds for are invoice lines (not a comment line). */
    when?: RulesLogic;
    terms: Partial<Record<EInvoiceLineTerm, EInvoiceSource>>;
  };
  documents: EInvoiceDocumentsDef;
}

export interface EInvoiceDocumentsDef {
  table: string;
  /** The documents' list field naming the invoice. */
  record: string;
  /** A textarea field that keeps the UBL document. */
  document: string;
  /** The process state field (new, success, failed, skipped, pending). */
  state: string;
  /** The transition of the state field's workflow that queues the sending. */
  send: string;
  error?: string;
  sentAt?: string;
  attempts?: string;
  /** Fields of the document row set from the invoice: a field or a path. */
  set?: Record<string, string>;
  /** Rows made under the document, one per invoice line: their fields from the line's terms. */
  lines?: { table: string; parent: string; terms: Partial<Record<EInvoiceLineTerm | 'BT-131', string>> };
}

/**
 * One way to find the row a list field names from a received document's term: the row of the
 * field's table (or, with `row`, of that table, taking its list field `take`) whose `field` equals
 * the term's value, and whose fields in `same` equal the record's (`{"Supplier": "Supplier"}`).
 */
export interface EInvoiceMatchBy {
  term: string;
  field: string;
  row?: string;
  take?: string;
  same?: Record<string, string>;
}

/** A list field filled from the document by the first `by` that finds one row; `required`: none found fails the document. */
export interface EInvoiceMatchDef {
  field: string;
  by: EInvoiceMatchBy[];
  required?: boolean;
}

/**
 * A table whose records are made from received e-invoices (UBL 2.1 Invoice or CreditNote, Peppol
 * BIS Billing 3.0): `terms` gives fields their business term's value, `match` finds the rows list
 * fields name, `lines` the same for the rows made per invoice line. `documents` names the table
 * that keeps each received document: its XML, state, error, the list field to the record made,
 * its direction field (set to `received`), the hash that keeps a file from being read twice, an
 * optional file field a user uploads the document into, and fields set from terms or from the
 * made record's fields.
 */
export interface EInvoiceReceiveDef {
  profile: 'peppol-bis-3';
  terms: Record<string, string>;
  match?: EInvoiceMatchDef[];
  lines: {
    table: string;
    parent: string;
    terms: Record<string, string>;
    match?: EInvoiceMatchDef[];
  };
  documents: {
    table: string;
    record: string;
    document: string;
    state: string;
    error: string;
    direction: string;
    hash: string;
    file?: string;
    set?: Record<string, string>;
  };
}

/**
 * A named call (`POST mvc/purchasereceipt/addbulkitem {purchaseReceiptID, articleID, …}`): one of the
 * generic operations on this table's rows or on the rows of a child `table`, its payload's names
 * mapped to fields by `params` (`AutoID` identifies a row). Rights, checks and row limits are those
 * of the operation on that table.
 * - get: the row `params` identify (by AutoID or a unique field); new: a blank row;
 * - create / update: the payload is the whole row (own table), or `params` fill the row (child);
 *   `set` adds fixed values; an update of a child names its parent too and must match it;
 * - delete: the row `params` identify; transition: makes `transition` on the row;
 * - validate: checks each of the payload's `list` as a create would, writing nothing;
 * - create with `list`: creates all of them in one transaction, or none;
 * - export: the payload's `data` (a grid request) as a spreadsheet, in the background.
 */
export interface CallDef {
  name: string;
  kind: 'get' | 'new' | 'create' | 'update' | 'delete' | 'transition' | 'validate' | 'export';
  table?: string;
  params?: Record<string, string>;
  set?: Record<string, string | number | boolean | null>;
  transition?: string;
  list?: string;
}

export interface BelongsToDef {
  table: string;
  record: string;
  /**
   * The row's kind (a list field) must apply to the table of its record: `flags` maps a table
   * (`objects`) to the bool field of the kind that says it applies there (`ApplyToObjects`). A
   * table not in the map takes every kind. The kind's picker offers only the kinds that apply.
   */
  kinds?: { field: string; flags: Record<string, string> };
}

/**
 * A row whose kind (the row its list field `field` names) has the bool `flag` true is seen only
 * by members of a group listed for that kind: rows of `groups.table`, whose fixed list field
 * `parent` names the kind and list field `group` a security group.
 */
export interface RestrictedByDef {
  field: string;
  flag: string;
  groups: { table: string; parent: string; group: string };
}

/**
 * The retention of a row read from the row its list field `field` names: when `use` is true
 * there, the row goes `period` `unit`s (days, weeks, months, years) after its CreateDate.
 */
export interface RetentionDef {
  field: string;
  use: string;
  period: string;
  unit: string;
}

/**
 * Numbering: on create with an empty `field`, the counter row's prefix and next number give the
 * value (zero-padded to the minimal length) and the next number goes up by one, atomically.
 */
export interface NumberingDef {
  field: string;
  /** The table holding the counters, and its prefix, next-number and minimal-length fields. */
  table: string;
  prefix: string;
  next: string;
  length: string;
  /**
   * A list field of this record naming the counter row, or a path of list fields to it
   * (`ObjectType.IdGenerator`); else the row whose `defaultFlag` is true.
   */
  via?: string;
  defaultFlag?: string;
  /** A bool field of the counter row: a number is drawn only while it is true. */
  active?: string;
  /** A text field of the counter row put after the number. */
  suffix?: string;
  /**
   * The transitions that draw the number instead of the create (an invoice is numbered when it is
   * completed): the field stays empty until then, and a transition that fails gives it back.
   */
  at?: string[];
}

/**
 * A rule the record must keep; else `message` shows under `fields`. Exactly one of `validWhen`
 * (a rule over the record, which may read referenced rows by path), `unique` (no other row has
 * the same values in these fields) or `acyclic` (the rows, as edges from → to, form no cycle).
 */
export interface RollupDef {
  table: string;
  via?: string;
  /** `list`: the texts of `field` over the rows, joined by ", " in the order they were made, cut to the total's length. */
  op: 'sum' | 'count' | 'min' | 'max' | 'list';
  field?: string;
  where?: RulesLogic;
}

export interface CheckDef {
  name: string;
  validWhen?: RulesLogic;
  unique?: string[];
  /** With unique: the refusal offers the row already holding the values to open (when the user may read it). */
  openExisting?: boolean;
  acyclic?: { from: string; to: string };
  /** A text field listing codes of a list's rows (`LOC-1;LOC-2`): at least one, each a known row. */
  codes?: { field: string; list: string; separator?: string };
  /** The check applies only when this rule holds. */
  when?: RulesLogic;
  /** The check applies only when an update changes one of these fields. */
  onChange?: string[];
  /** With onChange: a new record is judged too. */
  onCreate?: boolean;
  /** The check also guards a delete, judged on the stored row (a processed receipt keeps its lines). */
  onDelete?: boolean;
  message: string;
  /** Fields whose values (as the write leaves them) fill the message's {0}, {1}, … */
  messageArgs?: string[];
  fields: string[];
}

/**
 * Every change of `field` writes a row into `table`: `record` names the changed row, `from` and
 * `to` the values, `reason` (optional) a transition's Reason.
 */
/**
 * A record's type (`typeField`, a list field) brings its properties: rows of `properties.table`
 * whose `properties.type` is that type, named by `properties.name`. The record's values are rows
 * of `values.table` (`values.record` the record, `values.property` the property). When the type
 * changes, a value whose property the new type has by the same name is kept (moved to it), the
 * others are lost; the form says how many of each before it saves.
 */
export interface TypedPropertiesDef {
  typeField: string;
  properties: { table: string; type: string; name: string };
  values: { table: string; record: string; property: string };
}

export interface ChangeLogDef {
  field: string;
  table: string;
  record: string;
  from: string;
  to: string;
  reason?: string;
  /** Fields of the log row filled from fields of the changed row (`{"Product": "Product"}`). */
  copy?: Record<string, string>;
}
/** When `when` holds, the form asks `message` before it saves. */
export interface ConfirmDef {
  name: string;
  when: RulesLogic;
  message: string;
}

export interface FormGroupDef {
  GroupID: string;
  label?: string;
  tab?: string;
  column?: number;
  fields: string[];
}
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
export interface GridLayoutDef {
  Name: string;
  PageSize?: number;
  Sort?: string;
  Columns: LayoutColumnDef[];
}
export interface GridDef {
  name: string;
  table: string;
  /** The fields a row's card shows on a phone, in order (the first is its title); else the view's first columns. */
  card?: string[];
  layouts: GridLayoutDef[];
  /** Grouped views of the table: one row per group with its sums (GetSummaryData). */
  summaries?: SummaryDef[];
}

/** How a date groups: its day, ISO week (from Monday), month, quarter or year, answered as the first day. */
export type DateBucket = 'day' | 'week' | 'month' | 'quarter' | 'year';
/** A column a summary groups by: a field, a date field by a bucket. */
export interface SummaryGroupDef {
  FieldName: string;
  Bucket?: DateBucket;
  label?: string;
}
/** A column a summary adds up: the sum of a number field, or the count of rows. */
export type SummaryMeasureDef =
  { Aggregate: 'sum'; FieldName: string; label?: string } | { Aggregate: 'count'; label?: string };
/** A grouped view: rows of the table grouped by `groupBy` with the `measures` of each group. */
export interface SummaryDef {
  name: string;
  title: string;
  groupBy: SummaryGroupDef[];
  measures: SummaryMeasureDef[];
  /** A group or measure column, `asc` or `desc`. */
  sort?: string;
  pageSize?: number;
}

export type ScreenKind =
  | 'maintenance'
  | 'systemtable'
  | 'settings'
  | 'detail'
  | 'licence'
  | 'translations'
  | 'translationdashboard'
  /** The planning board over every plannable table (no table of its own; `rights.read` says who may). */
  | 'planning'
  /** Capacity planning per team and week (no table of its own; `rights.read` says who may). */
  | 'capacity'
  /** Dashboard tabs over all rows of their tables (no table of its own; `rights.read` says who may). */
  | 'dashboard'
  /** The API clients of the table marked `api-client`: maintenance, and a new client's secret shown once. */
  | 'apiclients'
  /** The open sessions with force logout (no table of its own; `rights.read` and `rights.update` say who may). */
  | 'sessionuserlogs'
  /** A grouped view of its table (a summary of the table's grid definition, named by `summary`). */
  | 'summary';

/** A value a user gives when starting an action or a transition. */
export interface PromptDef {
  /** Reason, Comment and Date go to the status log; any other name is a field of the record. */
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'date' | 'datetime' | 'integer' | 'decimal' | 'bool' | 'list' | 'select';
  list?: string;
  /** A list prompt offers and takes only the rows of its list's table for which this filter holds (`pick.where`'s grammar). */
  where?: RulesLogic;
  options?: SelectOption[];
  /** Required always, or while a rule over the record and settings holds. */
  required?: boolean | RulesLogic;
  /** What is said when a required prompt is left empty (else "<label> is verplicht"). */
  requiredMessage?: string;
  maxLength?: number;
  /** What the prompt starts with: `$today`, or a value of its type. */
  default?: string | number | boolean;
}

/**
 * A tab of a detail screen. `right`: the read right the tab needs besides the screen's (a status
 * log or dashboard only some may see); without it the tab is not offered and its call refuses.
 */
export type TabDef = { right?: string } &
  /** The groups of the table's form whose `tab` is `formTab` (all groups without a tab when absent). */
  (
    | { name: string; title: string; kind: 'form'; formTab?: string }
    /**
     * The rows of `table` whose `parentField` is this record: Add fixes the parent. `readOnly`: rows
     * made elsewhere, only shown here (a purchase order's receipt items): no Add, edit, delete or actions.
     * `related`: rows that refer to the record through a field they may change (a relation's contact
     * persons, whose employer may change): Add fills it in, and a row given another leaves the tab.
     */
    | {
        name: string;
        title: string;
        kind: 'grid';
        table: string;
        parentField: string;
        readOnly?: boolean;
        related?: boolean;
        /** Filled in by the screens answer: its rows are row limits (the screen says which name nothing valid). */
        rowLimits?: boolean;
      }
    /** The status log of the record (every transition: who, when, from, to, reason, comment). */
    | { name: string; title: string; kind: 'statuslog' }
    /** A note in place of rows (`message`, a text for people): what the tab will show once its area is built. */
    | { name: string; title: string; kind: 'note'; message: string }
    /**
     * Counts of the rows of `table` under this record per `groupField` and per month of `dateField`;
     * with `within`, also the rows whose date `field` falls from today up to each of `days` ahead.
     * Without `parentField` (on a screen of kind `dashboard`): over every row of `table` the user sees.
     */
    | {
        name: string;
        title: string;
        kind: 'dashboard';
        table: string;
        parentField?: string;
        groupField: string;
        dateField: string;
        within?: { field: string; days: number[]; title: string };
        /** Charts of the tab's rows (definitions/language/chart.ts). */
        charts?: ChartDef[];
      }
    /**
     * The grants of the record as a matrix: a row per right of the rights catalogue, a column per
     * action. A cell is the row of `table` under this record (`parentField`) naming the right
     * (`rightField`, a field with catalogue `rights`) and the action (`actionField`, its `actionsOf`),
     * granted or denied by `grantField` (bool); no row is "not set".
     */
    | {
        name: string;
        title: string;
        kind: 'rightsmatrix';
        table: string;
        parentField: string;
        rightField: string;
        actionField: string;
        grantField: string;
      }
    /**
     * The documents of the record (the `documents` of files and documents, visible to those who see
     * the record): the rows of `table` (a table with `belongsTo`) that belong to it.
     */
    | {
        name: string;
        title: string;
        kind: 'documents';
        table?: string;
        /** Filled in by the screens answer. */ belongsTo?: BelongsToDef;
      }
  );

/**
 * An action on selected rows (context menu and toolbar) or on the open record. Exactly one of
 * `transition`, `set`, `merge` or `behaviour` says what it does.
 */
export interface ActionDef {
  name: string;
  label: string;
  /** The execute right the action needs; the table's update right is needed besides. */
  right?: string;
  confirm?: string;
  /** Offered on several selected rows at once. */
  batch?: boolean;
  prompts?: PromptDef[];
  transition?: string;
  /**
   * Fields set on each row: a literal, "$prompt.Name", "$currentUser", "$today", "$now", or a
   * json-logic rule over the row (`{"var": "OrderQuantity"}`).
   */
  set?: Record<string, unknown>;
  /**
   * Merges the selected rows into the one chosen in the prompt `Target` (`true`), or into the
   * first selected (`{"into": "first"}`, collecting orders): references move, the rows go. `match`:
   * fields every selected row must share, else `matchMessage` and nothing is merged.
   */
  merge?: true | { into: 'first'; match?: string[]; matchMessage?: string };
  /** The fewest rows the action takes at once (collecting needs two). */
  minSelected?: number;
  /** Rules each selected row must keep, checked before any work; `{0}` in a message is the row's ID. */
  guards?: { rule: RulesLogic; message: string }[];
  behaviour?: string;
  /**
   * Creates a row of `table` per selected record, its fields from `set`: literals, "$prompt.Name",
   * "$record.Field", "$currentUser", "$today", "$now".
   */
  /**
   * The answer to the prompt `prompt` (a select of the action's prompts) chooses the workflow
   * transition the action makes: `transitions[answer]` ("Afronden": does the measuring device have
   * measurements? yes waits for them, no finishes). The prompt is not written to the record.
   */
  choose?: { prompt: string; transitions: Record<string, string> };
  /**
   * The engine runs the action by itself, as the system, on every record for which `due` holds
   * (a filter over the record's own fields and totals, with `today`), at each run of the
   * scheduled task `scheduled-actions`, and again while it holds, up to `repeat` rounds (a
   * depreciation books each period it is behind on, once).
   */
  schedule?: { due: RulesLogic; repeat?: number };
  create?: {
    table: string;
    set: Record<string, unknown>;
    /** Rows made under the new row from the record's child rows (an order's lines as invoice lines). */
    children?: CopyChildrenDef[];
    /** Said when no child row of any entry is copied: nothing is made for the record ({0} its ID). */
    none?: string;
    /**
     * One row per group of the record's copied child rows instead of one per record (picklists per
     * warehouse and pick zone): for each field of the new row, the field of the child rows (of
     * every entry's `from`) whose value it takes; child rows sharing those values share a row. A
     * child row whose field is empty joins the group of the value `set` gives that field.
     */
    groupBy?: Record<string, string>;
    /**
     * The batch item offers the new row to open (a working ticket made from a workflow item), when
     * the user may read it; the result dialog then stays open. Always so with `children`.
     */
    open?: boolean;
  };
  /** Fields set on each record and on its child rows, from rules that may read referenced rows (ChangeDef). */
  change?: ChangeDef;
}

/**
 * Changes each selected record, and its child rows along, in the record's transaction: `set` as an
 * action's `set`, whose rules may also read referenced rows by path (`LastUsedIndex.Percentage`);
 * `when` (over the record and such paths) passes over a record for which it does not hold; each
 * entry of `children` sets fields on the rows of `table` whose `parentField` names the record (and
 * for which its `when` holds), its rules over `$child.Field` and `$record.Field` (paths too), the
 * record as it was before the change. A computed decimal is rounded to its field's decimals.
 */
export interface ChangeDef {
  when?: RulesLogic;
  set: Record<string, unknown>;
  children?: { table: string; parentField: string; when?: RulesLogic; set: Record<string, unknown> }[];
}

/**
 * The child rows of a record copied under the row an action's `create` (or a transition's apply
 * `make`) makes from it: each row of
 * `from` whose list field `via` names the record (by default its one list field to the record's
 * table) and for which `when` holds becomes a row of `table` whose `parentField` names the new
 * row (by default its one list field to the new row's table). `set` and `when` read `$record`,
 * `$child` (with paths through its list fields) and `$created` (the new row's AutoID).
 */
export interface CopyChildrenDef {
  /** The record's child table; without it the entry makes one row (a journal's debtor line). */
  from?: string;
  via?: string;
  when?: RulesLogic;
  table: string;
  parentField?: string;
  set: Record<string, unknown>;
}

/** A named filter of a screen's grid (active, mine, within 7 days …) in the GetFlexData grammar. */
export interface DataSetDef {
  name: string;
  title: string;
  /**
   * Values may be "$currentUser" (the user's AutoID), "$username", "$today" or "$today+N" /
   * "$today-N" (days), a list (operator `in`), or "$field.Name": another field of the same row.
   */
  filter: { FieldName: string; Operator: string; Value?: unknown }[];
  default?: boolean;
}

/** A status workflow: the states of one field of a table and the transitions between them. */
export interface WorkflowDef {
  name: string;
  table: string;
  field: string;
  states: StateDef[];
  /** The states of the main path, in order: a record shows them as a status bar with its own marked. */
  stages?: (string | number | boolean)[];
  transitions: TransitionDef[];
  /** Tables whose rows belong to the record and are read-only with it in a readOnly state (an invoice's lines). */
  readOnlyChildren?: string[];
}
export interface StateDef {
  value: string | number | boolean;
  label: string;
  /** The right to see records in this state (a right per status list); without it they are not shown. */
  right?: string;
  /** A record in this state takes no change but a transition; the rows of readOnlyChildren under it none. */
  readOnly?: boolean;
}
export interface TransitionDef {
  name: string;
  label: string;
  /** The states it leaves from ("*": any). */
  from: (string | number | boolean)[] | '*';
  to: string | number | boolean;
  /** The execute right it needs besides the table's update right. */
  right?: string;
  prompts?: PromptDef[];
  warning?: string;
  /**
   * Said after the transition was made, on each record for which `when` holds (over its fields and
   * totals as they are then): `message` with its blanks filled from `messageArgs`, fields of the
   * record (a batch item's Warning).
   */
  warnings?: { when: RulesLogic; message: string; messageArgs?: string[] }[];
  /** The transition is allowed only when this json-logic rule holds on the record. */
  guard?: RulesLogic;
  guardMessage?: string;
  /**
   * The engine takes the transition by itself, before the commit of any write of the record or of
   * rows its totals count, once this rule holds on the record (over its fields, totals and
   * referenced rows) in a state it leaves from. No user makes it; it has no prompts.
   */
  automatic?: RulesLogic;
  /** Not offered on its own (GetTransitions): a screen action whose prompt chooses it (`choose`) makes it. */
  viaAction?: boolean;
  /**
   * Record fields that must have a value on entering the new state; `{field, when}` only while the
   * rule holds (`{"var": "$settings.financialsettings.RequireVoidReason"}`).
   */
  requires?: (string | { field: string; when: RulesLogic })[];
  /** Fields set on the record by the transition (as ActionDef.set). */
  set?: Record<string, unknown>;
  /** Child rows moved along: rows of `table` under this record in one of `from` go to `to`. */
  cascade?: {
    table: string;
    parentField: string;
    field: string;
    from?: (string | number | boolean)[];
    to: string | number | boolean;
  }[];
  /** Rows referenced by the record's child rows change along (see ApplyDef). */
  apply?: ApplyDef[];
}

/**
 * For each row of `table` under the record (`parentField`): the child is stamped with `stamp`,
 * then the row its list field `target` references gets `set`, through the checks of any save.
 * Or, with `codes` (a text field of the record listing codes of `list`'s rows, as a `codes`
 * check reads them): each of those rows gets `set`.
 * Values: literals, "$record.Field" (the record after the transition), "$target.Field" (the
 * referenced row before the change), "$child.Field", "$currentUser", "$today", "$now", or a
 * json-logic rule over those (`{"+": [{"var": "$target.Stock"}, {"var": "$child.Quantity"}]}`),
 * which may read referenced rows of the child by path (`$child.Product.ObjectType`).
 */
export interface ApplyDef {
  table?: string;
  parentField?: string;
  target?: string;
  stamp?: Record<string, unknown>;
  codes?: string;
  list?: string;
  /** Only the child rows for which this rule holds (over `$child.Field`, `$record.Field`). */
  when?: RulesLogic;
  /**
   * Each child row the entry reaches must hold every guard's rule (over the same scopes), before
   * anything is changed; else the transition is refused with the guard's message, its blanks
   * filled by `messageArgs` (`$child.Product.Descr`, read as the user may see that row).
   */
  guards?: {
    rule: RulesLogic;
    message: string;
    messageArgs?: string[];
    /** `$child.<ListField>`: the refusal offers the row it names to open and put right. */
    open?: string;
  }[];
  /**
   * Instead of `target`: the row of `find.table` whose fields equal `match` (values as in `set`);
   * created with those values (through its checks) when there is none, then given `set`.
   */
  find?: { table: string; match: Record<string, unknown> };
  /** Instead of a target: a new row of `create.table` per child, its fields from `create.set`; `stamp` may use "$created.AutoID". */
  create?: { table: string; set: Record<string, unknown> };
  set?: Record<string, unknown>;
  /**
   * Alone (no table, parentField or codes): one new row of `make.table` for the record (a journal
   * of a completed invoice), its fields from `make.set` over `$record`, with rows copied under it
   * (`children`: per child row of the record, or one row where an entry names no `from`); `when`
   * (over `$record`, as the transition leaves it) makes it only when it holds.
   */
  make?: { table: string; set: Record<string, unknown>; children?: CopyChildrenDef[]; when?: RulesLogic };
}
export interface ScreenDef {
  name: string;
  kind: ScreenKind;
  /** The table the screen shows; absent for an admin task of its own (it names its read right). */
  table?: string;
  /** A screen of its own (the planning board): the settings table whose one row gives its defaults. */
  settings?: string;
  /** The planning board: the table its saved board configurations (monitors) are kept in. */
  monitors?: string;
  title: string;
  parent?: string;
  module?: ModuleCode;
  rights?: { read?: string; create?: string; update?: string; delete?: string };
  dataSourceSwitch?: boolean;
  fetchDestination?: string;
  /** Detail screens: the fields shown in the record's header. */
  header?: string[];
  tabs?: TabDef[];
  actions?: ActionDef[];
  dataSets?: DataSetDef[];
  /** A path that opens one record of the screen, `{id}` its AutoID (`/frontoffice/object/{id}`). */
  deepLink?: string;
  /** A summary screen: the name of the summary (of a grid definition of its table) it shows. */
  summary?: string;
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
  /**
   * Fields of the source table a picker shows under each entry, joined by " · " (`Detail`): a list
   * field by its row's code (else text), another field as its value (a purchase order line's
   * order number and quantities). A field the user may not see is left out.
   */
  context?: string[];
}

export type RightAction = 'read' | 'update' | 'create' | 'delete' | 'createorupdate' | 'execute';
export interface RightDef {
  code: string;
  name: string;
  actions: RightAction[];
  module?: ModuleCode;
  /** The rights this one is held only with (spec 3 §5 "combined so several are required together"). */
  requires?: string[];
}
export interface RightsDef {
  rights: RightDef[];
}

export interface SeedDef {
  table: string;
  /** The field, or fields together, that find a seed row already there. */
  key: string | string[];
  rows: Record<string, unknown>[];
}
export interface PackDef {
  name: string;
  version: string;
  title: string;
  dependsOn?: string[];
}
/**
 * A layer's translations into one language: of definition texts (keyed by their Dutch text) and
 * corrections of runtime strings (keyed by their catalog message id).
 */
export interface LocaleDef {
  language: string;
  messages: Record<string, string>;
  runtime?: Record<string, string>;
}

export type DefinitionKind =
  'pack' | 'table' | 'form' | 'grid' | 'screen' | 'list' | 'rights' | 'seed' | 'locale' | 'workflow' | 'report';
