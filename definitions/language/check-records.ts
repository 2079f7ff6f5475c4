// Checks of the business-record definitions a JSON Schema cannot express: workflows, detail
// tabs, actions, data sets, numbering and checks across fields name tables, fields, lists,
// states and rights that exist, and each says one thing.
import type { Effective, EffectiveTable } from './layering.ts';
import { isRule, ruleFields, ruleProblems } from './rules.ts';
import { derivationPaths } from './derivations.ts';
import { checkDerived } from './check-derived.ts';
import type {
  ActionDef,
  ApplyDef,
  CopyChildrenDef,
  EInvoiceSource,
  PromptDef,
  ScreenDef,
  WorkflowDef,
} from './types.ts';
import type { DefinitionProblem } from './validate.ts';
import { rollupLink, whereSqlProblems } from './rollups.ts';
import { settingsName, settingsNameProblem } from './settings-rules.ts';

/** Prompt names that go to the status log rather than to a field of the record. */
export const LOG_PROMPTS = ['Reason', 'Comment', 'Date'] as const;
/** Field types a workflow's status field may have: values that can be listed as states. */
export const STATUS_TYPES = ['select', 'bool', 'smallint', 'integer', 'bigint', 'text'];

/** Fields every row has that a data set may filter on besides the table's own. */
const DATA_SET_SYSTEM_FIELDS = ['CreateDate', 'CreatedBy'];

type Report = (pointer: string, rule: string, message: string) => void;

const fieldOf = (table: EffectiveTable | undefined, name: string) =>
  table?.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());

/** The table a list field of `table` references. */
function referenced(eff: Effective, table: EffectiveTable | undefined, name: string): EffectiveTable | undefined {
  const field = fieldOf(table, name);
  const list = field?.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  return list ? eff.tables.get(list.table.toLowerCase()) : undefined;
}

/** The table a path of list fields ends on (`ObjectType.IdGenerator`), or undefined when a step is no list field. */
export function tableAtPath(eff: Effective, table: EffectiveTable, path: string): EffectiveTable | undefined {
  let at: EffectiveTable | undefined = table;
  for (const step of path.split('.')) at = referenced(eff, at, step);
  return at;
}

/** Whether a dotted rule path (`ObjectType.ConstructionYearMask`) names a field of a referenced row. */
const relatedField =
  (eff: Effective, table: EffectiveTable) =>
  (path: string): boolean => {
    const steps = path.split('.');
    const last = steps.pop()!;
    const at = tableAtPath(eff, table, steps.join('.'));
    return !!at && (!!fieldOf(at, last) || last === 'AutoID' || (last === 'Archive' && !!at.archivable));
  };

/**
 * Names a rule the server judges with the rows it reads may take: paths through list fields, and a
 * settings table's field (`$settings.financialsettings.RequireVoidReason`): guards, checks, a
 * prompt's `required`, a `requires` entry's `when`.
 */
const judgedField = (eff: Effective, table: EffectiveTable | undefined) => {
  const related = table ? relatedField(eff, table) : () => false;
  return (path: string): boolean => (settingsName(path) ? !settingsNameProblem(eff, path) : related(path));
};

function checkPrompts(
  eff: Effective,
  table: EffectiveTable | undefined,
  prompts: PromptDef[] | undefined,
  at: string,
  report: Report,
): void {
  (prompts ?? []).forEach((p, i) => {
    const isLog = (LOG_PROMPTS as readonly string[]).includes(p.name);
    if (!isLog && p.name !== 'Target' && table && !fieldOf(table, p.name))
      report(
        `${at}/prompts/${i}/name`,
        'field-reference',
        `prompt ${p.name} is neither ${LOG_PROMPTS.join(', ')} nor a field of ${table.name}`,
      );
    if (p.type === 'list' && (!p.list || !eff.lists.has(p.list.toLowerCase())))
      report(
        `${at}/prompts/${i}/list`,
        'list-reference',
        `prompt ${p.name} names list ${p.list ?? '(none)'}, which is not defined`,
      );
    if (p.type === 'select' && !p.options?.length)
      report(`${at}/prompts/${i}/options`, 'field-dictionary', `prompt ${p.name} is a select without options`);
    checkPromptRules(eff, table, p, `${at}/prompts/${i}`, report);
    // A default may be a setting (`$settings.planningsettings.PicklistGenerationOffset`), read when asked.
    const setting = typeof p.default === 'string' ? settingsNameProblem(eff, p.default) : undefined;
    if (setting) report(`${at}/prompts/${i}/default`, 'field-reference', `prompt ${p.name}: ${setting}`);
  });
}

/**
 * A choosing action: its prompt is a required select whose every option names a transition of the
 * table's workflow (and no transition is named for an answer it does not offer).
 */
function checkChoose(
  action: ActionDef,
  choose: NonNullable<ActionDef['choose']>,
  workflows: { value: WorkflowDef }[],
  at: string,
  report: Report,
): void {
  const prompt = action.prompts?.find((p) => p.name === choose.prompt);
  if (!prompt || prompt.type !== 'select' || prompt.required !== true) {
    report(
      `${at}/prompt`,
      'choose',
      `action ${action.name} chooses by ${choose.prompt}, which is not a required select prompt of it`,
    );
    return;
  }
  const answers = new Set((prompt.options ?? []).map((o) => String(o.value)));
  for (const answer of answers)
    if (!(answer in choose.transitions))
      report(`${at}/transitions`, 'choose', `action ${action.name} names no transition for answer ${answer}`);
  for (const [answer, name] of Object.entries(choose.transitions)) {
    if (!answers.has(answer))
      report(
        `${at}/transitions/${answer}`,
        'choose',
        `action ${action.name}: ${choose.prompt} has no answer ${answer}`,
      );
    if (!workflows.some((w) => w.value.transitions.some((t) => t.name === name && t.automatic === undefined)))
      report(
        `${at}/transitions/${answer}`,
        'transition-reference',
        `action ${action.name} names transition ${name}, which no workflow of its table lets a user make`,
      );
  }
}

/** A prompt's `where` (a filter over its list's rows) and a `required` rule (over the record and settings). */
function checkPromptRules(
  eff: Effective,
  table: EffectiveTable | undefined,
  p: PromptDef,
  at: string,
  report: Report,
): void {
  if (typeof p.required === 'object' && p.required !== null)
    for (const problem of ruleProblems(
      p.required,
      new Set((table?.fields ?? []).map((f) => f.name)),
      '',
      judgedField(eff, table),
    ))
      report(`${at}/required${problem.pointer}`, 'rule', `prompt ${p.name}: ${problem.message}`);
  if (p.where === undefined) return;
  const list = p.type === 'list' && p.list ? eff.lists.get(p.list.toLowerCase())?.value : undefined;
  const rows = list && eff.tables.get(list.table.toLowerCase());
  if (!rows) {
    report(`${at}/where`, 'field-type', `prompt ${p.name}: only a list prompt has a filter`);
    return;
  }
  for (const problem of ruleProblems(p.where, new Set([...rows.fields.map((f) => f.name), 'AutoID'])))
    report(`${at}/where${problem.pointer}`, 'rule', `prompt ${p.name}: ${problem.message}`);
  for (const problem of whereSqlProblems(p.where)) report(`${at}/where`, 'rule', `prompt ${p.name}: ${problem}`);
}

/**
 * The names a computed value's rule reads: `$scope.Field` (or `$scope.Path.Field` through list
 * fields) of the scopes given, a bare name of `plain`.
 */
function checkValueRule(
  eff: Effective,
  value: unknown,
  plain: EffectiveTable | undefined,
  scopes: Record<string, EffectiveTable | undefined>,
  at: string,
  report: Report,
  prompts?: readonly PromptDef[],
): void {
  if (!isRule(value)) return;
  const ops = ruleProblems(value, new Set(ruleFields(value))).filter((p) => p.said.id !== 'definition.rule_field');
  for (const p of ops) report(`${at}${p.pointer}`, 'rule', p.message);
  for (const name of ruleFields(value)) {
    // An action's rules may read what its prompts were given (`$prompt.InvoiceTill`).
    if (prompts && name.startsWith('$prompt.')) {
      if (!prompts.some((p) => p.name === name.slice(8)))
        report(at, 'prompt-reference', `the rule reads ${name}, which is not a prompt`);
      continue;
    }
    const m = /^(\$[a-z]+)\.(.+)$/.exec(name);
    const on = m ? scopes[m[1]] : plain;
    const path = m ? m[2] : name;
    const known =
      !!on && (!!fieldOf(on, path) || path === 'AutoID' || (path.includes('.') && relatedField(eff, on)(path)));
    if (!known) report(at, 'field-reference', `the rule reads ${name}, which is not a field it can reach`);
  }
}

function checkSet(
  table: EffectiveTable | undefined,
  set: Record<string, unknown> | undefined,
  prompts: PromptDef[] | undefined,
  at: string,
  report: Report,
  eff?: Effective,
  record?: EffectiveTable,
): void {
  for (const [name, value] of Object.entries(set ?? {})) {
    if (table && !fieldOf(table, name))
      report(`${at}/set/${name}`, 'field-reference', `set names ${name}, which is not a field of ${table.name}`);
    if (eff) checkValueRule(eff, value, record ?? table, { $record: record ?? table }, `${at}/set/${name}`, report);
    const prompt = typeof value === 'string' && value.startsWith('$prompt.') ? value.slice(8) : null;
    if (prompt && !(prompts ?? []).some((p) => p.name === prompt))
      report(`${at}/set/${name}`, 'prompt-reference', `set uses ${value}, which is not a prompt`);
  }
}

/**
 * A `change` action: its fields and the child rows' are fields of their tables, its rules read
 * fields they can reach (paths through list fields too), and each child table names the record
 * through its parent field.
 */
function checkChange(
  eff: Effective,
  table: EffectiveTable,
  change: NonNullable<ActionDef['change']>,
  prompts: PromptDef[] | undefined,
  at: string,
  report: Report,
): void {
  checkSet(table, change.set, prompts, at, report, eff);
  if (change.when !== undefined) checkValueRule(eff, change.when, table, { $record: table }, `${at}/when`, report);
  (change.children ?? []).forEach((c, j) => {
    const child = eff.tables.get(c.table.toLowerCase());
    const parent = child && fieldOf(child, c.parentField);
    if (
      !child ||
      parent?.type !== 'list' ||
      eff.lists.get(parent.list?.toLowerCase() ?? '')?.value.table.toLowerCase() !== table.name.toLowerCase()
    ) {
      report(
        `${at}/children/${j}`,
        'field-reference',
        `change names ${c.table}.${c.parentField}, which is not a list field of a table pointing at ${table.name}`,
      );
      return;
    }
    const scopes = { $record: table, $child: child };
    for (const [name, value] of Object.entries(c.set)) {
      if (!fieldOf(child, name))
        report(
          `${at}/children/${j}/set/${name}`,
          'field-reference',
          `set names ${name}, which is not a field of ${child.name}`,
        );
      checkValueRule(eff, value, undefined, scopes, `${at}/children/${j}/set/${name}`, report, prompts);
    }
    if (c.when !== undefined)
      checkValueRule(eff, c.when, undefined, scopes, `${at}/children/${j}/when`, report, prompts);
  });
}

function checkWorkflow(eff: Effective, wf: WorkflowDef, report: Report): void {
  const table = eff.tables.get(wf.table.toLowerCase());
  if (!table) {
    report('/table', 'table-reference', `workflow ${wf.name} names table ${wf.table}, which is not defined`);
    return;
  }
  const field = fieldOf(table, wf.field);
  if (!field)
    report('/field', 'field-reference', `workflow ${wf.name} names ${wf.field}, which is not a field of ${table.name}`);
  else if (!STATUS_TYPES.includes(field.type))
    report(
      '/field',
      'status-field',
      `the status field ${field.name} is of type ${field.type}; allowed: ${STATUS_TYPES.join(', ')}`,
    );
  const states = new Set(wf.states.map((s) => JSON.stringify(s.value)));
  if (states.size !== wf.states.length) report('/states', 'unique-state', `workflow ${wf.name} lists a state twice`);
  if (field?.type === 'select') {
    const options = new Set((field.options ?? []).map((o) => JSON.stringify(o.value)));
    for (const s of wf.states)
      if (!options.has(JSON.stringify(s.value)))
        report('/states', 'state-reference', `state ${String(s.value)} is not an option of ${field.name}`);
  }
  const rights = [...wf.states.map((s) => s.right), ...wf.transitions.map((t) => t.right)].filter(
    (r): r is string => !!r,
  );
  for (const right of rights)
    if (!eff.rights.has(right))
      report(
        '/transitions',
        'right-reference',
        `workflow ${wf.name} names right ${right}, which is not in the catalogue`,
      );
  (wf.readOnlyChildren ?? []).forEach((name, i) => {
    const child = eff.tables.get(name.toLowerCase());
    if (!child)
      report(`/readOnlyChildren/${i}`, 'table-reference', `readOnlyChildren names table ${name}, which is not defined`);
    else if (!rollupLink(eff, table, child))
      report(
        `/readOnlyChildren/${i}`,
        'field-reference',
        `readOnlyChildren names ${child.name}, which has not exactly one list field to ${table.name}`,
      );
  });
  if (wf.readOnlyChildren?.length && !wf.states.some((s) => s.readOnly))
    report('/readOnlyChildren', 'state-reference', `workflow ${wf.name} has readOnlyChildren but no readOnly state`);
  (wf.stages ?? []).forEach((v, i) => {
    if (!states.has(JSON.stringify(v)))
      report(`/stages/${i}`, 'state-reference', `stage ${String(v)} is not a state of ${wf.name}`);
  });
  const names = new Set<string>();
  const own = new Set(table.fields.map((f) => f.name));
  wf.transitions.forEach((t, i) => {
    const at = `/transitions/${i}`;
    if (names.has(t.name)) report(`${at}/name`, 'unique-transition', `transition ${t.name} is defined twice`);
    names.add(t.name);
    for (const v of [...(t.from === '*' ? [] : t.from), t.to]) {
      if (!states.has(JSON.stringify(v)))
        report(
          at,
          'state-reference',
          `transition ${t.name} names state ${String(v)}, which is not a state of ${wf.name}`,
        );
    }
    for (const r of t.requires ?? []) {
      const name = typeof r === 'string' ? r : r.field;
      if (!fieldOf(table, name))
        report(`${at}/requires`, 'field-reference', `requires names ${name}, which is not a field of ${table.name}`);
      if (typeof r !== 'string')
        for (const p of ruleProblems(r.when, own, '', judgedField(eff, table)))
          report(`${at}/requires/when${p.pointer}`, 'rule', `transition ${t.name}: ${p.message}`);
    }
    checkPrompts(eff, table, t.prompts, at, report);
    checkSet(table, t.set, t.prompts, at, report, eff);
    for (const p of ruleProblems(t.guard, own, '', judgedField(eff, table)))
      report(`${at}/guard${p.pointer}`, 'rule', `transition ${t.name}: ${p.message}`);
    (t.warnings ?? []).forEach((w, j) => {
      // Judged on the record's own fields and totals only: they are read back as the transition left them.
      for (const p of ruleProblems(w.when, own))
        report(`${at}/warnings/${j}/when${p.pointer}`, 'rule', `transition ${t.name}: ${p.message}`);
      for (const name of w.messageArgs ?? [])
        if (!fieldOf(table, name))
          report(
            `${at}/warnings/${j}/messageArgs`,
            'field-reference',
            `messageArgs names ${name}, which is not a field of ${table.name}`,
          );
    });
    for (const p of ruleProblems(t.automatic, own, '', relatedField(eff, table)))
      report(`${at}/automatic${p.pointer}`, 'rule', `transition ${t.name}: ${p.message}`);
    // Nobody is there to answer an automatic transition's questions or to be refused by its guard.
    const unanswered = ['prompts', 'guard', 'requires', 'set', 'apply', 'cascade'] as const;
    if (t.automatic !== undefined && unanswered.some((k) => t[k] !== undefined))
      report(
        `${at}/automatic`,
        'automatic-transition',
        `automatic transition ${t.name} moves the status only: no ${unanswered.filter((k) => t[k] !== undefined).join(', ')}`,
      );
    (t.apply ?? []).forEach((a, j) => checkApply(eff, table, a, `${at}/apply/${j}`, report));
    (t.cascade ?? []).forEach((c, j) => {
      const child = eff.tables.get(c.table.toLowerCase());
      if (!child)
        report(`${at}/cascade/${j}`, 'table-reference', `cascade names table ${c.table}, which is not defined`);
      else
        for (const f of [c.parentField, c.field])
          if (!fieldOf(child, f))
            report(
              `${at}/cascade/${j}`,
              'field-reference',
              `cascade names ${f}, which is not a field of ${child.name}`,
            );
    });
  });
}

function checkApply(eff: Effective, table: EffectiveTable, a: ApplyDef, at: string, report: Report): void {
  if (a.codes !== undefined || a.list !== undefined) {
    // The rows a text field of the record names by code.
    const list = a.list ? eff.lists.get(a.list.toLowerCase())?.value : undefined;
    const rows = list && eff.tables.get(list.table.toLowerCase());
    if (!fieldOf(table, a.codes ?? ''))
      report(`${at}/codes`, 'field-reference', `apply codes ${a.codes ?? '(none)'} must be a field of ${table.name}`);
    if (!rows || !list?.codeField) {
      report(`${at}/list`, 'list-reference', `apply list ${a.list ?? '(none)'} must be a list with a codeField`);
      return;
    }
    if (a.table || a.parentField || a.target || a.stamp || a.find || a.create)
      report(at, 'apply-kind', 'apply takes either table, parentField and target, or codes and list');
    for (const name of Object.keys(a.set ?? {}))
      if (!fieldOf(rows, name))
        report(`${at}/set/${name}`, 'field-reference', `apply set names ${name}, which is not a field of ${rows.name}`);
    return;
  }
  if (a.make) {
    if (a.table || a.parentField || a.target || a.stamp || a.find || a.create || a.set || a.when || a.guards)
      report(at, 'apply-kind', 'apply make stands alone: it makes one row for the record');
    const made = eff.tables.get(a.make.table.toLowerCase());
    if (!made) {
      report(`${at}/make/table`, 'table-reference', `apply make names table ${a.make.table}, which is not defined`);
      return;
    }
    checkCopy(eff, table, made, { table: made.name, set: a.make.set }, `${at}/make`, report, false);
    (a.make.children ?? []).forEach((c, j) => checkCopy(eff, table, made, c, `${at}/make/children/${j}`, report));
    if (a.make.when !== undefined)
      checkValueRule(eff, a.make.when, undefined, { $record: table }, `${at}/make/when`, report);
    return;
  }
  const child = eff.tables.get((a.table ?? '').toLowerCase());
  const ways = [a.target, a.find, a.create].filter((w) => w !== undefined).length;
  if (!child || !a.parentField || ways !== 1) {
    report(
      `${at}/table`,
      'table-reference',
      `apply needs table, parentField and one of target, find or create (or codes and list): ${a.table ?? '(no table)'}`,
    );
    return;
  }
  if (referenced(eff, child, a.parentField) !== table)
    report(
      `${at}/parentField`,
      'parent-field',
      `apply: ${a.parentField} must be a list field of ${child.name} on ${table.name}`,
    );
  const other = a.target
    ? referenced(eff, child, a.target)
    : eff.tables.get((a.find?.table ?? a.create?.table ?? '').toLowerCase());
  if (!other) {
    report(
      `${at}/${a.target ? 'target' : a.find ? 'find' : 'create'}`,
      'table-reference',
      `apply: ${a.target ?? a.find?.table ?? a.create?.table} must be a list field of ${child.name} or a table`,
    );
    return;
  }
  const scopes = {
    $record: table,
    $target: a.create ? undefined : other,
    $child: child,
    $created: a.create ? other : undefined,
  };
  const values = (set: Record<string, unknown> | undefined, on: EffectiveTable, key: string) => {
    for (const [name, value] of Object.entries(set ?? {})) {
      if (!fieldOf(on, name))
        report(
          `${at}/${key}/${name}`,
          'field-reference',
          `apply ${key} names ${name}, which is not a field of ${on.name}`,
        );
      const m = typeof value === 'string' ? /^\$(record|target|child|created)\.(.+)$/.exec(value) : null;
      const source = m ? scopes[`$${m[1]}` as keyof typeof scopes] : undefined;
      if (m && (!source || (!fieldOf(source, m[2]) && m[2] !== 'AutoID')))
        report(
          `${at}/${key}/${name}`,
          'field-reference',
          `apply ${key} uses ${value}, which is not a field it can reach`,
        );
      checkValueRule(eff, value, undefined, scopes, `${at}/${key}/${name}`, report);
    }
  };
  values(a.stamp, child, 'stamp');
  if (a.create) values(a.create.set, other, 'create/set');
  else values(a.set, other, 'set');
  if (a.find) values(a.find.match, other, 'find/match');
  if (a.when !== undefined) checkValueRule(eff, a.when, undefined, scopes, `${at}/when`, report);
  (a.guards ?? []).forEach((g, k) => {
    checkValueRule(eff, g.rule, undefined, scopes, `${at}/guards/${k}/rule`, report);
    for (const arg of g.messageArgs ?? [])
      checkValueRule(eff, { var: arg }, undefined, scopes, `${at}/guards/${k}/messageArgs`, report);
    const open = g.open ? fieldOf(child, g.open.slice('$child.'.length)) : undefined;
    if (g.open && open?.type !== 'list')
      report(
        `${at}/guards/${k}/open`,
        'field-reference',
        `guard open ${g.open} must name a list field of the child rows`,
      );
  });
}

/** Child rows copied under a row an action makes: both tables, their links, and what set and when read. */
function checkCopy(
  eff: Effective,
  record: EffectiveTable,
  made: EffectiveTable,
  c: CopyChildrenDef,
  at: string,
  report: Report,
  under = true,
  prompts: readonly PromptDef[] = [],
): void {
  const from = c.from === undefined ? undefined : eff.tables.get(c.from.toLowerCase());
  const into = eff.tables.get(c.table.toLowerCase());
  if ((c.from !== undefined && !from) || !into) {
    report(at, 'table-reference', `children copy ${c.from ?? ''} into ${c.table}: both must be defined tables`);
    return;
  }
  if (from && !rollupLink(eff, record, from, c.via))
    report(`${at}/via`, 'field-reference', `${from.name} needs ${c.via ?? 'one list field'} naming ${record.name}`);
  if (under && !rollupLink(eff, made, into, c.parentField))
    report(
      `${at}/parentField`,
      'field-reference',
      `${into.name} needs ${c.parentField ?? 'one list field'} naming ${made.name}`,
    );
  const scopes = { $record: record, $child: from, $created: under ? made : undefined };
  const reaches = (on: EffectiveTable, path: string) =>
    !!fieldOf(on, path) || path === 'AutoID' || (path.includes('.') && !!relatedField(eff, on)(path));
  for (const [name, value] of Object.entries(c.set)) {
    if (!fieldOf(into, name))
      report(
        `${at}/set/${name}`,
        'field-reference',
        `children set names ${name}, which is not a field of ${into.name}`,
      );
    const m = typeof value === 'string' ? /^\$(record|child|created)\.(.+)$/.exec(value) : null;
    const source = m ? scopes[`$${m[1]}` as keyof typeof scopes] : undefined;
    if (m && (!source || !reaches(source, m[2])))
      report(
        `${at}/set/${name}`,
        'field-reference',
        `children set uses ${String(value)}, which is not a field it can reach`,
      );
    const prompt = typeof value === 'string' && value.startsWith('$prompt.') ? value.slice(8) : null;
    if (prompt !== null && !prompts.some((p) => p.name === prompt))
      report(`${at}/set/${name}`, 'prompt-reference', `children set uses ${String(value)}, which is not a prompt`);
    checkValueRule(eff, value, undefined, scopes, `${at}/set/${name}`, report, prompts);
  }
  if (c.when !== undefined) checkValueRule(eff, c.when, undefined, scopes, `${at}/when`, report, prompts);
}

/**
 * A grouped create: its rows come from child rows, so it copies some (every entry from a child
 * table); each key is a field of the new row, and each value a field of every entry's child table.
 */
function checkGroupBy(
  eff: Effective,
  target: EffectiveTable,
  create: NonNullable<ActionDef['create']>,
  at: string,
  report: Report,
): void {
  const froms = (create.children ?? []).map((c) =>
    c.from === undefined ? undefined : eff.tables.get(c.from.toLowerCase()),
  );
  if (!froms.length || froms.some((f) => f === undefined))
    report(at, 'group-by', 'groupBy needs children, each copied from a child table (from)');
  for (const [into, field] of Object.entries(create.groupBy ?? {})) {
    if (!fieldOf(target, into))
      report(`${at}/${into}`, 'field-reference', `groupBy names ${into}, which is not a field of ${target.name}`);
    for (const from of froms)
      if (from && !fieldOf(from, field))
        report(`${at}/${into}`, 'field-reference', `groupBy takes ${field}, which is not a field of ${from.name}`);
  }
}

type DashboardTab = Extract<NonNullable<ScreenDef['tabs']>[number], { kind: 'dashboard' }>;

/** A dashboard tab counts by fields of its table; `within` by a date field. */
function checkDashboardTab(tab: DashboardTab, child: EffectiveTable, at: string, report: Report): void {
  for (const f of [tab.groupField, tab.dateField])
    if (!fieldOf(child, f) && f !== 'CreateDate')
      report(at, 'field-reference', `tab ${tab.name} names ${f}, which is not a field of ${child.name}`);
  if (tab.within && fieldOf(child, tab.within.field)?.type !== 'date')
    report(
      `${at}/within/field`,
      'field-reference',
      `tab ${tab.name}: within.field ${tab.within.field} must be a date field of ${child.name}`,
    );
}

/**
 * A screen of kind `dashboard` has no table of its own and says who may read it; its tabs are
 * dashboards over every row of their tables (no parent field).
 */
function checkDashboardScreen(eff: Effective, screen: ScreenDef, report: Report): void {
  if (screen.table || !screen.rights?.read)
    report('/', 'dashboard-screen', `dashboard screen ${screen.name} names no table and a read right`);
  if (!screen.tabs?.length) report('/tabs', 'dashboard-screen', `dashboard screen ${screen.name} has no tabs`);
  (screen.tabs ?? []).forEach((tab, i) => {
    if (tab.kind !== 'dashboard' || tab.parentField !== undefined) {
      report(
        `/tabs/${i}`,
        'dashboard-screen',
        `tab ${tab.name} of a dashboard screen must be a dashboard without parentField`,
      );
      return;
    }
    const rows = eff.tables.get(tab.table.toLowerCase());
    if (!rows)
      report(`/tabs/${i}/table`, 'table-reference', `tab ${tab.name} names table ${tab.table}, which is not defined`);
    else checkDashboardTab(tab, rows, `/tabs/${i}`, report);
  });
}

function checkScreen(eff: Effective, screen: ScreenDef, report: Report): void {
  if (screen.kind === 'dashboard') return checkDashboardScreen(eff, screen, report);
  const table = screen.table && eff.tables.get(screen.table.toLowerCase());
  if (!table) return;
  for (const name of screen.header ?? [])
    if (!fieldOf(table, name))
      report('/header', 'field-reference', `header names ${name}, which is not a field of ${table.name}`);
  (screen.tabs ?? []).forEach((tab, i) => {
    if (tab.right && !eff.rights.has(tab.right))
      report(
        `/tabs/${i}/right`,
        'right-reference',
        `tab ${tab.name} names right ${tab.right}, which is not in the catalogue`,
      );
    if (tab.kind === 'documents') {
      const belonging = [...eff.tables.values()].filter((t) => t.belongsTo);
      const rows = tab.table
        ? eff.tables.get(tab.table.toLowerCase())
        : belonging.length === 1
          ? belonging[0]
          : undefined;
      if (!rows?.belongsTo)
        report(
          `/tabs/${i}/table`,
          'table-reference',
          `tab ${tab.name} must name a table with belongsTo (${belonging.map((t) => t.name).join(', ') || 'none is defined'})`,
        );
      return;
    }
    if (tab.kind !== 'grid' && tab.kind !== 'dashboard' && tab.kind !== 'rightsmatrix') return;
    const child = eff.tables.get(tab.table.toLowerCase());
    if (!child) {
      report(`/tabs/${i}/table`, 'table-reference', `tab ${tab.name} names table ${tab.table}, which is not defined`);
      return;
    }
    const parent = tab.parentField === undefined ? undefined : fieldOf(child, tab.parentField);
    const list = parent?.list ? eff.lists.get(parent.list.toLowerCase())?.value : undefined;
    if (!parent || parent.type !== 'list' || list?.table.toLowerCase() !== table.name.toLowerCase()) {
      report(
        `/tabs/${i}/parentField`,
        'parent-field',
        `tab ${tab.name}: ${tab.parentField} must be a list field of ${child.name} on ${table.name}`,
      );
    } else if (
      (tab.kind === 'rightsmatrix' || (tab.kind === 'grid' && !tab.readOnly && !tab.related)) &&
      !parent.fixed
    ) {
      report(
        `/tabs/${i}/parentField`,
        'parent-field',
        `tab ${tab.name}: ${child.name}.${parent.name} must be "fixed", so no save moves a child to another parent (or the tab "related")`,
      );
    }
    if (tab.kind === 'rightsmatrix') {
      // The cells are grants: a right of the catalogue, one of its actions, granted or not.
      const right = fieldOf(child, tab.rightField);
      const action = fieldOf(child, tab.actionField);
      const grant = fieldOf(child, tab.grantField);
      if (right?.catalogue !== 'rights')
        report(
          `/tabs/${i}/rightField`,
          'field-reference',
          `tab ${tab.name}: ${tab.rightField} must be a field of ${child.name} with catalogue rights`,
        );
      if (!action || action.actionsOf?.toLowerCase() !== tab.rightField.toLowerCase())
        report(
          `/tabs/${i}/actionField`,
          'field-reference',
          `tab ${tab.name}: ${tab.actionField} must be a field of ${child.name} with actionsOf ${tab.rightField}`,
        );
      if (grant?.type !== 'bool')
        report(
          `/tabs/${i}/grantField`,
          'field-reference',
          `tab ${tab.name}: ${tab.grantField} must be a bool field of ${child.name}`,
        );
    }
    if (tab.kind === 'dashboard') checkDashboardTab(tab, child, `/tabs/${i}`, report);
  });
  const workflows = [...eff.workflows.values()].filter((w) => w.value.table.toLowerCase() === table.name.toLowerCase());
  (screen.actions ?? []).forEach((action, i) => {
    const at = `/actions/${i}`;
    const kinds = [
      action.transition,
      action.choose,
      action.set,
      action.merge,
      action.behaviour,
      action.create,
      action.change,
    ].filter((k) => k !== undefined).length;
    if (kinds !== 1)
      report(
        at,
        'action-kind',
        `action ${action.name} must have exactly one of transition, choose, set, merge, behaviour, create or change`,
      );
    if (action.choose) checkChoose(action, action.choose, workflows, `${at}/choose`, report);
    if (action.change) checkChange(eff, table, action.change, action.prompts, `${at}/change`, report);
    if (action.create) {
      const target = eff.tables.get(action.create.table.toLowerCase());
      if (!target)
        report(
          `${at}/create/table`,
          'table-reference',
          `action ${action.name} creates in table ${action.create.table}, which is not defined`,
        );
      else {
        checkSet(target, action.create.set, action.prompts, `${at}/create`, report, eff, table);
        for (const [name, value] of Object.entries(action.create.set)) {
          const field = typeof value === 'string' && value.startsWith('$record.') ? value.slice(8) : null;
          if (field && field !== 'AutoID' && !fieldOf(table, field))
            report(
              `${at}/create/set/${name}`,
              'field-reference',
              `create uses ${value}, which is not a field of ${table.name}`,
            );
        }
        (action.create.children ?? []).forEach((c, j) =>
          checkCopy(eff, table, target, c, `${at}/create/children/${j}`, report, true, action.prompts),
        );
        if (action.create.groupBy) checkGroupBy(eff, target, action.create, `${at}/create/groupBy`, report);
      }
    }
    if (action.schedule) {
      const own = new Set([...table.fields.map((f) => f.name), 'AutoID']);
      for (const p of ruleProblems(action.schedule.due, own))
        report(`${at}/schedule/due${p.pointer}`, 'rule', `action ${action.name}: ${p.message}`);
      for (const problem of whereSqlProblems(action.schedule.due))
        report(`${at}/schedule/due`, 'rule', `action ${action.name}: ${problem}`);
      // Nobody is there to answer a scheduled action's questions.
      if (action.prompts?.some((p) => p.required) || action.merge || action.behaviour)
        report(
          `${at}/schedule`,
          'scheduled-action',
          `action ${action.name} runs by itself: no required prompts, merge or behaviour`,
        );
    }
    if (action.right && !eff.rights.has(action.right))
      report(
        `${at}/right`,
        'right-reference',
        `action ${action.name} names right ${action.right}, which is not in the catalogue`,
      );
    if (action.transition && !workflows.some((w) => w.value.transitions.some((t) => t.name === action.transition))) {
      report(
        `${at}/transition`,
        'transition-reference',
        `action ${action.name} names transition ${action.transition}, which no workflow of ${table.name} has`,
      );
    }
    if (action.merge === true && !(action.prompts ?? []).some((p) => p.name === 'Target' && p.type === 'list')) {
      report(`${at}/prompts`, 'merge-target', `merge action ${action.name} needs a list prompt named Target`);
    }
    if (typeof action.merge === 'object') {
      for (const f of action.merge.match ?? [])
        if (!fieldOf(table, f))
          report(
            `${at}/merge/match`,
            'field-reference',
            `merge matches on ${f}, which is not a field of ${table.name}`,
          );
      if (action.merge.match?.length && !action.merge.matchMessage)
        report(`${at}/merge`, 'merge-target', `merge action ${action.name} matches fields but says no matchMessage`);
    }
    if (action.minSelected !== undefined && action.minSelected > 1 && !action.batch)
      report(
        `${at}/minSelected`,
        'action-kind',
        `action ${action.name} takes ${action.minSelected} rows but is not a batch action`,
      );
    (action.guards ?? []).forEach((g, j) => {
      for (const p of ruleProblems(g.rule, new Set(table.fields.map((f) => f.name)), '', relatedField(eff, table)))
        report(`${at}/guards/${j}/rule${p.pointer}`, 'rule', `action ${action.name}: ${p.message}`);
    });
    // A create action's prompts fill the new row, not fields of this record; a choosing prompt is only asked.
    const asked = (action.prompts ?? []).filter((p) => p.name !== action.choose?.prompt);
    checkPrompts(eff, action.create ? undefined : table, asked, at, report);
    // A filter and a required rule are a transition's prompts' (a screen action that makes one shows its prompts).
    (action.prompts ?? []).forEach((p, i) => {
      if (p.where !== undefined || (typeof p.required === 'object' && p.required !== null))
        report(
          `${at}/prompts/${i}`,
          'rule',
          `prompt ${p.name}: where and a required rule belong to a transition's prompts`,
        );
    });
    checkSet(table, action.set, action.prompts, at, report, eff);
  });
  (screen.dataSets ?? []).forEach((set, i) => {
    for (const f of set.filter) {
      if (!fieldOf(table, f.FieldName) && !DATA_SET_SYSTEM_FIELDS.includes(f.FieldName))
        report(
          `/dataSets/${i}`,
          'field-reference',
          `data set ${set.name} names ${f.FieldName}, which is not a field of ${table.name}`,
        );
      const other = typeof f.Value === 'string' && f.Value.startsWith('$field.') ? f.Value.slice(7) : null;
      if (other && !fieldOf(table, other))
        report(
          `/dataSets/${i}`,
          'field-reference',
          `data set ${set.name} compares with ${other}, which is not a field of ${table.name}`,
        );
    }
  });
}

/** What a row belongs to is named by a fixed text field and a fixed whole-number field; its retention by a list field's row. */
function checkBelonging(eff: Effective, table: EffectiveTable, report: Report): void {
  const b = table.belongsTo;
  if (b) {
    const name = fieldOf(table, b.table);
    const record = fieldOf(table, b.record);
    if (name?.type !== 'text' || !name.fixed)
      report('/belongsTo/table', 'field-reference', `belongsTo ${b.table} must be a fixed text field of ${table.name}`);
    if (!record || !['integer', 'bigint'].includes(record.type) || !record.fixed)
      report(
        '/belongsTo/record',
        'field-reference',
        `belongsTo ${b.record} must be a fixed integer or bigint field of ${table.name}`,
      );
  }
  checkKinds(eff, table, report);
  checkRestriction(eff, table, report);
  const r = table.retention;
  if (!r) return;
  const via = fieldOf(table, r.field);
  const kinds = via?.list
    ? eff.tables.get(eff.lists.get(via.list.toLowerCase())?.value.table.toLowerCase() ?? '')
    : undefined;
  if (!kinds) {
    report('/retention/field', 'field-reference', `retention ${r.field} must be a list field of ${table.name}`);
    return;
  }
  const typed = (name: string, types: string[]) => types.includes(fieldOf(kinds, name)?.type ?? '');
  if (!typed(r.use, ['bool']))
    report('/retention/use', 'field-reference', `retention use ${r.use} must be a bool field of ${kinds.name}`);
  if (!typed(r.period, ['smallint', 'integer', 'bigint']))
    report(
      '/retention/period',
      'field-reference',
      `retention period ${r.period} must be a whole-number field of ${kinds.name}`,
    );
  if (!typed(r.unit, ['select', 'text']))
    report(
      '/retention/unit',
      'field-reference',
      `retention unit ${r.unit} must be a select or text field of ${kinds.name}`,
    );
}

/** The kinds that apply to a record's table: a list field, a known table and a bool field of the kind for each. */
function checkKinds(eff: Effective, table: EffectiveTable, report: Report): void {
  const k = table.belongsTo?.kinds;
  if (!k) return;
  const kinds = referenced(eff, table, k.field);
  if (!kinds) {
    report(
      '/belongsTo/kinds/field',
      'field-reference',
      `belongsTo kinds ${k.field} must be a list field of ${table.name}`,
    );
    return;
  }
  for (const [owner, flag] of Object.entries(k.flags)) {
    if (!eff.tables.has(owner.toLowerCase()))
      report(
        `/belongsTo/kinds/flags/${owner}`,
        'table-reference',
        `belongsTo kinds names table ${owner}, which is not defined`,
      );
    if (fieldOf(kinds, flag)?.type !== 'bool')
      report(
        `/belongsTo/kinds/flags/${owner}`,
        'field-reference',
        `belongsTo kinds ${flag} must be a bool field of ${kinds.name}`,
      );
  }
}

/** A restricted kind: a list field, a bool flag of the kind, a table of its allowed groups (its kind fixed). */
function checkRestriction(eff: Effective, table: EffectiveTable, report: Report): void {
  const r = table.restrictedBy;
  if (!r) return;
  const kinds = referenced(eff, table, r.field);
  if (!kinds) {
    report('/restrictedBy/field', 'field-reference', `restrictedBy ${r.field} must be a list field of ${table.name}`);
    return;
  }
  if (fieldOf(kinds, r.flag)?.type !== 'bool')
    report(
      '/restrictedBy/flag',
      'field-reference',
      `restrictedBy flag ${r.flag} must be a bool field of ${kinds.name}`,
    );
  const groups = eff.tables.get(r.groups.table.toLowerCase());
  if (!groups) {
    report(
      '/restrictedBy/groups/table',
      'table-reference',
      `restrictedBy groups table ${r.groups.table} is not defined`,
    );
    return;
  }
  if (!fieldOf(groups, r.groups.parent)?.fixed || referenced(eff, groups, r.groups.parent) !== kinds)
    report(
      '/restrictedBy/groups/parent',
      'field-reference',
      `restrictedBy groups parent ${r.groups.parent} must be a fixed list field of ${groups.name} on ${kinds.name}`,
    );
  // The security groups of the core pack: a principal is a member of their rows.
  if (referenced(eff, groups, r.groups.group)?.name.toLowerCase() !== 'securitygroups')
    report(
      '/restrictedBy/groups/group',
      'field-reference',
      `restrictedBy groups group ${r.groups.group} must be a list field of ${groups.name} on securitygroups`,
    );
}

/** A named call's table, fields, transition and list make sense for its operation. */
function checkCalls(eff: Effective, table: EffectiveTable, report: Report): void {
  const names = new Set<string>();
  (table.calls ?? []).forEach((c, i) => {
    const at = `/calls/${i}`;
    if (names.has(c.name.toLowerCase())) report(`${at}/name`, 'unique-call', `call ${c.name} is defined twice`);
    names.add(c.name.toLowerCase());
    const on = c.table ? eff.tables.get(c.table.toLowerCase()) : table;
    if (!on) {
      report(`${at}/table`, 'table-reference', `call ${c.name} names table ${c.table}, which is not defined`);
      return;
    }
    if (on !== table && !on.fields.some((f) => f.type === 'list' && f.fixed && referenced(eff, on, f.name) === table)) {
      report(
        `${at}/table`,
        'parent-field',
        `call ${c.name}: ${on.name} must be a child of ${table.name} (a fixed list field on it)`,
      );
    }
    for (const [param, field] of Object.entries({ ...c.params })) {
      if (field !== 'AutoID' && !fieldOf(on, field))
        report(
          `${at}/params/${param}`,
          'field-reference',
          `call ${c.name} maps ${param} to ${field}, which is not a field of ${on.name}`,
        );
    }
    for (const field of Object.keys(c.set ?? {}))
      if (!fieldOf(on, field))
        report(
          `${at}/set/${field}`,
          'field-reference',
          `call ${c.name} sets ${field}, which is not a field of ${on.name}`,
        );
    const keyed = Object.values(c.params ?? {}).length > 0;
    if (['get', 'delete', 'transition'].includes(c.kind) && !keyed)
      report(`${at}/params`, 'call-params', `call ${c.name} (${c.kind}) needs params that identify the row`);
    if (
      c.kind === 'transition' &&
      !(
        c.transition &&
        [...eff.workflows.values()].some(
          (w) =>
            w.value.table.toLowerCase() === on.name.toLowerCase() &&
            w.value.transitions.some((t) => t.name === c.transition),
        )
      )
    ) {
      report(
        `${at}/transition`,
        'transition-reference',
        `call ${c.name} names transition ${c.transition ?? '(none)'}, which no workflow of ${on.name} has`,
      );
    }
    if (c.kind === 'validate' && !c.list)
      report(`${at}/list`, 'call-params', `call ${c.name} (validate) needs the name of the payload's list`);
    if (c.list && !['validate', 'create'].includes(c.kind))
      report(`${at}/list`, 'call-params', `call ${c.name}: only validate and create take a list`);
  });
}

/** A list field of `from` that references `to`: the one named, or else the only one. */
function listFieldTo(eff: Effective, from: EffectiveTable, to: EffectiveTable, name?: string): string | undefined {
  const names = name ? [name] : from.fields.filter((f) => f.type === 'list').map((f) => f.name);
  const found = names.filter((n) => referenced(eff, from, n) === to);
  return found.length === 1 ? found[0] : undefined;
}

/** An e-invoice mapping names fields and paths that exist, tables with their list fields, and a sending transition. */
function checkEInvoice(eff: Effective, table: EffectiveTable, report: Report): void {
  const e = table.einvoice;
  if (!e) return;
  const resolves = (on: EffectiveTable, path: string) =>
    path.includes('.') ? relatedField(eff, on)(path) : !!fieldOf(on, path) || path === 'AutoID';
  const terms = (on: EffectiveTable, map: Record<string, EInvoiceSource | undefined>, at: string) => {
    for (const [term, source] of Object.entries(map)) {
      if (typeof source === 'string') {
        if (!resolves(on, source))
          report(
            `${at}/${term}`,
            'field-reference',
            `einvoice ${term} names ${source}, which is no field or path of ${on.name}`,
          );
      } else if (source && 'row' in source) {
        const under = source.via ? tableAtPath(eff, on, source.via) : on;
        const rows = eff.tables.get(source.row.toLowerCase());
        if (!under)
          report(
            `${at}/${term}/via`,
            'field-reference',
            `einvoice ${term}: ${source.via} is no path of list fields of ${on.name}`,
          );
        else if (!rows || !listFieldTo(eff, rows, under))
          report(
            `${at}/${term}/row`,
            'table-reference',
            `einvoice ${term}: ${source.row} must be a table with one list field to ${under.name}`,
          );
        else {
          if (fieldOf(rows, source.where)?.type !== 'bool')
            report(
              `${at}/${term}/where`,
              'field-reference',
              `einvoice ${term}: ${source.where} must be a bool field of ${rows.name}`,
            );
          if (!resolves(rows, source.field))
            report(
              `${at}/${term}/field`,
              'field-reference',
              `einvoice ${term}: ${source.field} is no field or path of ${rows.name}`,
            );
        }
      }
    }
  };
  terms(table, e.terms, '/einvoice/terms');
  const lines = eff.tables.get(e.lines.table.toLowerCase());
  if (!lines)
    report('/einvoice/lines/table', 'table-reference', `einvoice lines table ${e.lines.table} is not defined`);
  else {
    if (!listFieldTo(eff, lines, table, e.lines.parent))
      report(
        '/einvoice/lines/parent',
        'field-reference',
        `einvoice lines: ${lines.name} needs ${e.lines.parent ? `${e.lines.parent} to be` : 'exactly one'} list field to ${table.name}`,
      );
    terms(lines, e.lines.terms, '/einvoice/lines/terms');
    if (e.lines.when !== undefined)
      for (const p of ruleProblems(e.lines.when, new Set(lines.fields.map((f) => f.name))))
        report(`/einvoice/lines/when${p.pointer}`, 'rule', `einvoice lines when: ${p.message}`);
  }
  const d = e.documents;
  const docs = eff.tables.get(d.table.toLowerCase());
  if (!docs) {
    report('/einvoice/documents/table', 'table-reference', `einvoice documents table ${d.table} is not defined`);
    return;
  }
  if (!listFieldTo(eff, docs, table, d.record))
    report(
      '/einvoice/documents/record',
      'field-reference',
      `einvoice documents: ${d.record} must be a list field of ${docs.name} to ${table.name}`,
    );
  const kinds: [string, string | undefined, string[]][] = [
    ['document', d.document, ['textarea']],
    ['state', d.state, ['select', 'text']],
    ['error', d.error, ['text', 'textarea']],
    ['sentAt', d.sentAt, ['datetime', 'datetime-seconds']],
    ['attempts', d.attempts, ['smallint', 'integer', 'bigint']],
  ];
  for (const [key, name, types] of kinds) {
    const field = name ? fieldOf(docs, name) : undefined;
    if (name && (!field || !types.includes(field.type)))
      report(
        `/einvoice/documents/${key}`,
        'field-reference',
        `einvoice documents ${key}: ${name} must be a ${types.join(' or ')} field of ${docs.name}`,
      );
  }
  const workflow = [...eff.workflows.values()].find(
    (w) =>
      w.value.table.toLowerCase() === docs.name.toLowerCase() && w.value.field.toLowerCase() === d.state.toLowerCase(),
  );
  if (!workflow?.value.transitions.some((t) => t.name === d.send))
    report(
      '/einvoice/documents/send',
      'transition',
      `einvoice documents send: ${d.send} is no transition of the workflow of ${docs.name}.${d.state}`,
    );
  for (const [to, from] of Object.entries(d.set ?? {})) {
    if (!fieldOf(docs, to))
      report(
        `/einvoice/documents/set/${to}`,
        'field-reference',
        `einvoice documents set: ${to} is no field of ${docs.name}`,
      );
    if (!resolves(table, from))
      report(
        `/einvoice/documents/set/${to}`,
        'field-reference',
        `einvoice documents set: ${from} is no field or path of ${table.name}`,
      );
  }
  if (d.lines) {
    const docLines = eff.tables.get(d.lines.table.toLowerCase());
    if (!docLines)
      report(
        '/einvoice/documents/lines/table',
        'table-reference',
        `einvoice document lines table ${d.lines.table} is not defined`,
      );
    else {
      if (!listFieldTo(eff, docLines, docs, d.lines.parent))
        report(
          '/einvoice/documents/lines/parent',
          'field-reference',
          `einvoice document lines: ${d.lines.parent} must be a list field of ${docLines.name} to ${docs.name}`,
        );
      for (const [term, name] of Object.entries(d.lines.terms))
        if (name && !fieldOf(docLines, name))
          report(
            `/einvoice/documents/lines/terms/${term}`,
            'field-reference',
            `einvoice document lines ${term}: ${name} is no field of ${docLines.name}`,
          );
    }
  }
}

/**
 * Rows copied under a new record (`childrenFrom`): `through` is a list field of the table, and the
 * copy reads as a create action's children do, `$record` the row `through` names and `$created`
 * the new record.
 */
function checkChildrenFrom(eff: Effective, table: EffectiveTable, report: Report): void {
  (table.childrenFrom ?? []).forEach((c, i) => {
    const at = `/childrenFrom/${i}`;
    const through = fieldOf(table, c.through);
    const source = through?.type === 'list' ? referenced(eff, table, c.through) : undefined;
    if (!source) {
      report(
        `${at}/through`,
        'field-reference',
        `childrenFrom names ${c.through}, which is no list field of ${table.name}`,
      );
      return;
    }
    checkCopy(eff, source, table, c, at, report, true);
  });
}

function checkTable(eff: Effective, table: EffectiveTable, report: Report): void {
  checkChildrenFrom(eff, table, report);
  const n = table.numbering;
  if (n) {
    const counters = eff.tables.get(n.table.toLowerCase());
    if (!fieldOf(table, n.field))
      report(
        '/numbering/field',
        'field-reference',
        `numbering names ${n.field}, which is not a field of ${table.name}`,
      );
    if (!counters)
      report('/numbering/table', 'table-reference', `numbering names table ${n.table}, which is not defined`);
    else
      for (const f of [n.prefix, n.next, n.length, ...(n.defaultFlag ? [n.defaultFlag] : [])])
        if (!fieldOf(counters, f))
          report('/numbering', 'field-reference', `numbering names ${f}, which is not a field of ${counters.name}`);
    if (n.via && tableAtPath(eff, table, n.via) !== counters)
      report(
        '/numbering/via',
        'field-reference',
        `numbering via ${n.via} must be a list field (or a path of list fields) of ${table.name} ending on ${n.table}`,
      );
    if (counters) {
      if (n.active && fieldOf(counters, n.active)?.type !== 'bool')
        report(
          '/numbering/active',
          'field-reference',
          `numbering active ${n.active} must be a bool field of ${counters.name}`,
        );
      if (n.suffix && !fieldOf(counters, n.suffix))
        report(
          '/numbering/suffix',
          'field-reference',
          `numbering names ${n.suffix}, which is not a field of ${counters.name}`,
        );
    }
    const transitions = new Set(
      [...eff.workflows.values()]
        .filter((w) => w.value.table.toLowerCase() === table.name.toLowerCase())
        .flatMap((w) => w.value.transitions.map((t) => t.name)),
    );
    for (const name of n.at ?? [])
      if (!transitions.has(name))
        report(
          '/numbering/at',
          'transition-reference',
          `numbering at ${name}: no transition of ${table.name} has that name`,
        );
    if (!n.via && !n.defaultFlag)
      report(
        '/numbering',
        'numbering-row',
        'numbering names neither via nor defaultFlag: no counter row can be chosen',
      );
  }
  for (const field of table.fields.filter((f) => f.defaultFrom)) {
    if (!relatedField(eff, table)(field.defaultFrom!))
      report(
        `/fields/${field.name}/defaultFrom`,
        'field-reference',
        `defaultFrom ${field.defaultFrom} must be a field of a row a list field of ${table.name} references`,
      );
  }
  // Any field can be hidden from a group (field limits), so every derived value says what a user
  // who may not see its source gets: the derived field hidden too, or no derivation for them.
  for (const field of table.fields) {
    const derived = derivationPaths(field).length > 0;
    if (derived && !field.whenSourceHidden)
      report(
        `/fields/${field.name}/whenSourceHidden`,
        'derivation-access',
        `${table.name}.${field.name} is derived from ${derivationPaths(field).join(', ')}: say whenSourceHidden ("hide": hidden from whoever may not see a source; "skip": not derived for them)`,
      );
    if (!derived && field.whenSourceHidden)
      report(
        `/fields/${field.name}/whenSourceHidden`,
        'derivation-access',
        `${table.name}.${field.name} says whenSourceHidden but derives from nothing`,
      );
  }
  for (const field of table.fields.filter((f) => f.listFilter)) {
    const list = field.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
    const rows = list && eff.tables.get(list.table.toLowerCase());
    if (!list || !rows) {
      report(`/fields/${field.name}`, 'list-reference', `listFilter is for list fields: ${field.name}`);
      continue;
    }
    const params = new Set(Object.keys(list.parameters ?? {}).map((p) => p.toLowerCase()));
    for (const [param, source] of Object.entries(field.listFilter ?? {})) {
      if (!params.has(param.toLowerCase()))
        report(
          `/fields/${field.name}/listFilter`,
          'list-reference',
          `listFilter of ${field.name} names ${param}, which is no parameter of list ${list.name}`,
        );
      const known = source.includes('.')
        ? ruleProblems({ var: source }, new Set(table.fields.map((f) => f.name)), '', relatedField(eff, table))
            .length === 0
        : !!fieldOf(table, source) || source === 'AutoID';
      if (!known)
        report(
          `/fields/${field.name}/listFilter`,
          'field-reference',
          `listFilter of ${field.name} reads ${source}, which is not a field of ${table.name} or of a row it references`,
        );
    }
  }
  for (const field of table.fields.filter((f) => f.autoStatus)) {
    const list = field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
    const statuses = list && eff.tables.get(list.table.toLowerCase());
    if (field.type !== 'list' || !statuses) {
      report(
        `/fields/${field.name}/autoStatus`,
        'auto-status',
        `autoStatus needs a list field of a status table: ${field.name}`,
      );
      continue;
    }
    const a = field.autoStatus!;
    for (const name of [a.change, a.to, a.archive, a.delay].filter((n): n is string => !!n)) {
      if (!fieldOf(statuses, name))
        report(
          `/fields/${field.name}/autoStatus`,
          'field-reference',
          `autoStatus names ${name}, which is not a field of ${statuses.name}`,
        );
    }
    if (!!a.change !== !!a.to)
      report(`/fields/${field.name}/autoStatus`, 'auto-status', 'autoStatus names both change and to, or neither');
  }
  if (table.ownedBy && fieldOf(table, table.ownedBy)?.type !== 'list')
    report('/ownedBy', 'field-reference', `ownedBy ${table.ownedBy} must be a list field of ${table.name}`);
  const languages = table.contentLanguages;
  for (const name of languages
    ? [languages.culture, languages.status?.field, languages.isDefault].filter((n): n is string => !!n)
    : []) {
    if (!fieldOf(table, name))
      report(
        '/contentLanguages',
        'field-reference',
        `contentLanguages names ${name}, which is not a field of ${table.name}`,
      );
  }
  checkBelonging(eff, table, report);
  checkCalls(eff, table, report);
  checkEInvoice(eff, table, report);
  const own = new Set(table.fields.map((f) => f.name).concat(['AutoID', 'CreateDate']));
  const related = relatedField(eff, table);
  checkDerived(eff, table, report, related);
  (table.checks ?? []).forEach((c, i) => {
    const named = (names: string[] | undefined, key: string) => {
      for (const f of names ?? [])
        if (!fieldOf(table, f))
          report(
            `/checks/${i}/${key}`,
            'field-reference',
            `check ${c.name} names ${f}, which is not a field of ${table.name}`,
          );
    };
    if ([c.validWhen, c.unique, c.acyclic, c.codes].filter((k) => k !== undefined).length !== 1)
      report(
        `/checks/${i}`,
        'check-kind',
        `check ${c.name} must have exactly one of validWhen, unique, acyclic or codes`,
      );
    if (c.codes) {
      const list = eff.lists.get(c.codes.list.toLowerCase())?.value;
      if (!list?.codeField)
        report(
          `/checks/${i}/codes/list`,
          'list-reference',
          `check ${c.name}: list ${c.codes.list} must be defined with a codeField`,
        );
      if (!['text', 'textarea'].includes(fieldOf(table, c.codes.field)?.type ?? ''))
        report(
          `/checks/${i}/codes/field`,
          'field-reference',
          `check ${c.name}: ${c.codes.field} must be a text field of ${table.name}`,
        );
    }
    named(c.fields, 'fields');
    named(c.unique, 'unique');
    named(c.onChange, 'onChange');
    // A message's blanks: a field, `$stored.`/`$decrease.` a field, or a path through list fields.
    for (const arg of c.messageArgs ?? []) {
      const name = arg.replace(/^\$(stored|decrease)\./, '');
      const problems = name.includes('.') ? ruleProblems({ var: name }, own, '', related) : [];
      if (name.includes('.') ? problems.length > 0 : !fieldOf(table, name))
        report(
          `/checks/${i}/messageArgs`,
          'field-reference',
          `check ${c.name} names ${arg}, which is not a field of ${table.name} or of a row it references`,
        );
    }
    for (const key of ['validWhen', 'when'] as const) {
      for (const p of ruleProblems(c[key], own, '', judgedField(eff, table)))
        report(`/checks/${i}/${key}${p.pointer}`, 'rule', `check ${c.name}: ${p.message}`);
    }
    if (c.acyclic) {
      // Edges from → to between rows of one table: `from` is AutoID (a tree) or a list field to the same table as `to`.
      const to = referenced(eff, table, c.acyclic.to);
      const from = c.acyclic.from === 'AutoID' ? table : referenced(eff, table, c.acyclic.from);
      if (!to || to !== from)
        report(
          `/checks/${i}/acyclic`,
          'field-reference',
          `check ${c.name}: acyclic ${c.acyclic.from} and ${c.acyclic.to} must be list fields to one table (from may be AutoID when to references ${table.name})`,
        );
    }
  });
  const typed = table.typedProperties;
  if (typed) {
    const types = referenced(eff, table, typed.typeField);
    const properties = eff.tables.get(typed.properties.table.toLowerCase());
    const values = eff.tables.get(typed.values.table.toLowerCase());
    if (!types)
      report(
        '/typedProperties/typeField',
        'field-reference',
        `typedProperties typeField ${typed.typeField} must be a list field of ${table.name}`,
      );
    if (
      !properties ||
      referenced(eff, properties, typed.properties.type) !== types ||
      !fieldOf(properties, typed.properties.name)
    ) {
      report(
        '/typedProperties/properties',
        'field-reference',
        `typedProperties properties must be a table with a list field ${typed.properties.type} to the type's table and a field ${typed.properties.name}`,
      );
    }
    if (
      !values ||
      referenced(eff, values, typed.values.record) !== table ||
      (properties && referenced(eff, values, typed.values.property) !== properties)
    ) {
      report(
        '/typedProperties/values',
        'field-reference',
        `typedProperties values must be a table with list fields ${typed.values.record} to ${table.name} and ${typed.values.property} to ${typed.properties.table}`,
      );
    }
  }
  (table.changeLogs ?? []).forEach((l, i) => {
    const at = `/changeLogs/${i}`;
    const field = fieldOf(table, l.field);
    if (!field)
      report(`${at}/field`, 'field-reference', `changeLog names ${l.field}, which is not a field of ${table.name}`);
    const log = eff.tables.get(l.table.toLowerCase());
    if (!log) {
      report(`${at}/table`, 'table-reference', `changeLog names table ${l.table}, which is not defined`);
      return;
    }
    if (referenced(eff, log, l.record) !== table)
      report(
        `${at}/record`,
        'field-reference',
        `changeLog record ${l.record} must be a list field of ${log.name} on ${table.name}`,
      );
    for (const name of [l.from, l.to]) {
      const f = fieldOf(log, name);
      if (!f || !field || f.type !== field.type || (f.list ?? '').toLowerCase() !== (field.list ?? '').toLowerCase())
        report(
          `${at}`,
          'field-reference',
          `changeLog ${name} must be a field of ${log.name} of the type of ${table.name}.${l.field}`,
        );
    }
    if (l.reason && fieldOf(log, l.reason)?.type !== 'text' && fieldOf(log, l.reason)?.type !== 'textarea')
      report(`${at}/reason`, 'field-reference', `changeLog reason ${l.reason} must be a text field of ${log.name}`);
    for (const [to, from] of Object.entries(l.copy ?? {})) {
      const a = fieldOf(log, to);
      const b = fieldOf(table, from);
      if (!a || !b || a.type !== b.type)
        report(
          `${at}/copy/${to}`,
          'field-reference',
          `changeLog copies ${table.name}.${from} into ${log.name}.${to}: both must be fields of the same type`,
        );
    }
  });
  (table.confirms ?? []).forEach((c, i) => {
    for (const p of ruleProblems(c.when, own))
      report(`/confirms/${i}/when${p.pointer}`, 'rule', `confirm ${c.name}: ${p.message}`);
  });
}

export function recordProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const reporter =
    (file: string): Report =>
    (pointer, rule, message) =>
      problems.push({ file, pointer, rule, message });
  const fileOf = (origin: Record<string, { file: string } | undefined>) => origin.name?.file ?? '(unknown)';
  for (const { value, origin } of eff.workflows.values()) checkWorkflow(eff, value, reporter(fileOf(origin)));
  const byField = new Map<string, string>();
  for (const { value, origin } of eff.workflows.values()) {
    const key = `${value.table}.${value.field}`.toLowerCase();
    if (byField.has(key))
      reporter(fileOf(origin))(
        '/field',
        'one-workflow',
        `${key} has two workflows: ${byField.get(key)} and ${value.name}`,
      );
    byField.set(key, value.name);
  }
  for (const { value, origin } of eff.screens.values()) checkScreen(eff, value, reporter(fileOf(origin)));
  // A grid call names a data set by name for the table: the screens of one table agree on what a name means.
  const dataSets = new Map<string, { screen: string; filter: string }>();
  for (const { value, origin } of eff.screens.values()) {
    for (const set of value.table ? (value.dataSets ?? []) : []) {
      const key = `${value.table!.toLowerCase()}.${set.name}`;
      const seen = dataSets.get(key);
      const filter = JSON.stringify(set.filter);
      if (seen && seen.filter !== filter)
        reporter(fileOf(origin))(
          '/dataSets',
          'data-set-name',
          `data set ${set.name} of ${value.table} means another filter on screen ${seen.screen}: give it a name of its own`,
        );
      if (!seen) dataSets.set(key, { screen: value.name, filter });
    }
  }
  for (const table of eff.tables.values()) checkTable(eff, table, reporter(table.origin.name?.file ?? '(unknown)'));
  return problems;
}
