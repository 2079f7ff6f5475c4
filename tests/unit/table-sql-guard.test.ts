// No server code names a pack table in SQL except through server/data/table-sql.ts, whose
// functions bring the principal's visible-rows condition with the table (seen, limited) or say
// that the engine writes rows reached that way (reached) or works for itself (engineTable). A
// table's SQL name is the `sqlName` of an EffectiveTable; the compiler's types find every use of
// it as an identifier (ident(…), or spliced into SQL text), however the code names its variables.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * Files that must name tables themselves, each for its reason. Anything else is a failure.
 */
const ALLOWED: Record<string, string> = {
  // The one place.
  'server/data/table-sql.ts': 'names each table with the condition admitting its rows',
  // The condition itself: its subqueries (the record a row belongs to, a child's parent) carry
  // that table's own condition, and refuseRowsOutsideLimits judges written rows by it.
  'server/data/access.ts': 'builds the visible-rows condition',
  // A row limit's path (`linked`, `tree`) walks tables to find the values it admits; the security
  // layer lies below the data layer and is what the condition is made of.
  'server/security/principal-of.ts': "builds a row limit's own path",
  // A bearer token is judged before there is a principal to read as: the API client table (found
  // by its behaviour marker) is read by the engine itself, as identity.ts reads the users.
  'server/security/api-clients.ts': "reads an API client's row to authenticate its token",
};

/** A file the test adds to the program: SQL naming a table without the module, which must be caught. */
const PROBE = path.join(ROOT, 'server', 'data', '__unguarded_probe__.ts');
const PROBE_TEXT = `
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
export async function unguarded(db: Queryable, m: TableModel) {
  const named = m.table;
  await db.query(\`SELECT * FROM \${ident(named.sqlName)} WHERE autoid = $1\`, [1]);
  return \`DELETE FROM \${m.table.sqlName}\`;
}
`;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? sourceFiles(full)
      : name.endsWith('.ts') && !name.endsWith('.d.ts')
        ? [full]
        : [];
  });
}

function program(): ts.Program {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, lang, ...rest) =>
    path.resolve(name) === PROBE
      ? ts.createSourceFile(name, PROBE_TEXT, lang)
      : getSourceFile.call(host, name, lang, ...rest);
  host.fileExists = (name) => path.resolve(name) === PROBE || fileExists.call(host, name);
  host.readFile = (name) => (path.resolve(name) === PROBE ? PROBE_TEXT : readFile.call(host, name));
  return ts.createProgram([...sourceFiles(path.join(ROOT, 'server')), PROBE], { ...options, noEmit: true }, host);
}

/** Where a file names a table's SQL name into SQL: `file:line text`. */
function tableNamings(prog: ts.Program, file: ts.SourceFile): string[] {
  const checker = prog.getTypeChecker();
  const found: string[] = [];
  const isTable = (expr: ts.Expression) => {
    const type = checker.getTypeAtLocation(expr);
    const name = type.aliasSymbol?.name ?? type.getSymbol()?.name;
    return name === 'EffectiveTable';
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'sqlName' && isTable(node.expression)) {
      const parent = node.parent;
      const intoIdent =
        ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'ident';
      if (intoIdent || ts.isTemplateSpan(parent)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(ROOT, file.fileName)}:${line + 1} ${parent.getText().slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** SQL text naming a table through an identifier anywhere (`FROM ${ident(name)}`), whatever the name's type. */
function identTables(file: ts.SourceFile): string[] {
  const text = file.getFullText();
  return [...text.matchAll(/\b(FROM|JOIN|UPDATE|INTO)\s+\$\{ident\(/g)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return `${path.relative(ROOT, file.fileName)}:${line} ${m[0]}`;
  });
}

describe('pack tables are named in SQL only through table-sql.ts', () => {
  const prog = program();
  const files = prog
    .getSourceFiles()
    .filter((f) => path.resolve(f.fileName).startsWith(path.join(ROOT, 'server') + path.sep));
  const rel = (f: ts.SourceFile) => path.relative(ROOT, f.fileName).split(path.sep).join('/');
  const own = files.filter((f) => path.resolve(f.fileName) !== PROBE);

  it('reads every server file', () => {
    expect(own.length).toBeGreaterThan(150);
  });

  it('no server file names a pack table in SQL but the allowed ones', () => {
    const offending = own.filter((f) => !ALLOWED[rel(f)]).flatMap((f) => [...tableNamings(prog, f), ...identTables(f)]);
    expect(offending).toEqual([]);
  });

  it('catches SQL that names a table without the module', () => {
    const probe = files.find((f) => path.resolve(f.fileName) === PROBE)!;
    expect(tableNamings(prog, probe)).toHaveLength(2);
    expect(identTables(probe)).toHaveLength(1);
  });

  it('finds the namings of the allowed files, so the allow-list says something', () => {
    for (const name of Object.keys(ALLOWED)) {
      const file = own.find((f) => rel(f) === name);
      expect(file, name).toBeDefined();
      expect(tableNamings(prog, file!).length, name).toBeGreaterThan(0);
    }
  });
}, 120_000);
