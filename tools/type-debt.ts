// Counts the places where the type checker is told to stand aside: explicit `any`, type
// assertions (`x as T`, `<T>x`; `as const` is not one) and non-null assertions (`x!`), for
// product code (server, runtime, definitions, tools) and tests apart. Read from the syntax tree
// of each file, without the type checker, so it takes a second or two.
//   npm run type-debt            prints the counts beside the ceilings of tools/type-debt.json;
//                                exits 1 when a count rose above its ceiling (a fall is only reported)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const TYPE_DEBT_KINDS = ['any', 'casts', 'nonNull'] as const;
export type TypeDebtKind = (typeof TYPE_DEBT_KINDS)[number];
export type TypeDebtCounts = Record<TypeDebtKind, number>;

export const TYPE_DEBT_AREAS = { product: ['server', 'runtime', 'definitions', 'tools'], tests: ['tests'] } as const;
export type TypeDebtArea = keyof typeof TYPE_DEBT_AREAS;
export type TypeDebt = Record<TypeDebtArea, TypeDebtCounts>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TYPE_DEBT_CEILINGS_FILE = path.join(ROOT, 'tools', 'type-debt.json');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data']);

const zero = (): TypeDebtCounts => ({ any: 0, casts: 0, nonNull: 0 });

/** The TypeScript sources under `dir`, generated bundles and dependencies left out. */
function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) found.push(full);
  }
  return found;
}

const isAsConst = (node: ts.AsExpression | ts.TypeAssertion): boolean =>
  ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && node.type.typeName.text === 'const';

/** The counts of one file's text. */
export function countSource(fileName: string, text: string): TypeDebtCounts {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const counts = zero();
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) counts.any++;
    else if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) counts.casts++;
    else if (ts.isNonNullExpression(node)) counts.nonNull++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

/** The counts of the product code and of the tests under `root`. */
export function countTypeDebt(root = ROOT): TypeDebt {
  const debt = { product: zero(), tests: zero() };
  for (const area of Object.keys(TYPE_DEBT_AREAS) as TypeDebtArea[]) {
    for (const dir of TYPE_DEBT_AREAS[area]) {
      for (const file of sourceFiles(path.join(root, dir))) {
        const counts = countSource(file, readFileSync(file, 'utf8'));
        for (const k of TYPE_DEBT_KINDS) debt[area][k] += counts[k];
      }
    }
  }
  return debt;
}

export function readCeilings(file = TYPE_DEBT_CEILINGS_FILE): TypeDebt {
  return JSON.parse(readFileSync(file, 'utf8')) as TypeDebt;
}

/** Each count that rose above its ceiling, said in one line. */
export function risesAbove(debt: TypeDebt, ceilings: TypeDebt): string[] {
  const rises: string[] = [];
  for (const area of Object.keys(TYPE_DEBT_AREAS) as TypeDebtArea[]) {
    for (const k of TYPE_DEBT_KINDS) {
      if (debt[area][k] > ceilings[area][k])
        rises.push(`${area} ${k}: ${debt[area][k]} > ceiling ${ceilings[area][k]}`);
    }
  }
  return rises;
}

export function typeDebtTable(debt: TypeDebt, ceilings: TypeDebt): string {
  const lines = ['area     kind      count  ceiling'];
  for (const area of Object.keys(TYPE_DEBT_AREAS) as TypeDebtArea[]) {
    for (const k of TYPE_DEBT_KINDS) {
      const note = debt[area][k] < ceilings[area][k] ? '  (fell: lower the ceiling)' : '';
      lines.push(
        `${area.padEnd(8)} ${k.padEnd(9)} ${String(debt[area][k]).padStart(5)}  ${String(ceilings[area][k]).padStart(7)}${note}`,
      );
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const debt = countTypeDebt();
  const ceilings = readCeilings();
  process.stdout.write(`${typeDebtTable(debt, ceilings)}\n`);
  const rises = risesAbove(debt, ceilings);
  if (rises.length) {
    process.stderr.write(`type debt rose above its ceiling:\n  ${rises.join('\n  ')}\n`);
    process.exit(1);
  }
}
