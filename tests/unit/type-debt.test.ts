// Explicit `any`, casts and non-null assertions may fall but not rise above tools/type-debt.json.
import { describe, expect, it } from 'vitest';
import { countSource, countTypeDebt, readCeilings, risesAbove } from '../../tools/type-debt.ts';

describe('type debt', () => {
  it('counts any in type positions, casts other than as const, and non-null assertions', () => {
    const counts = countSource(
      'x.ts',
      [
        'const a: any = 1;',
        'function f(x: Array<any>): unknown { return x as unknown as string[]; }',
        'const b = <number>a;',
        "const c = ['x'] as const;",
        'const d = f([])!;',
        'const e = { any: 1 }; // any as text is no any',
      ].join('\n'),
    );
    expect(counts).toEqual({ any: 2, casts: 3, nonNull: 1 });
    expect(countSource('x.tsx', 'const v = <div>{(x as any)!}</div>;')).toEqual({ any: 1, casts: 1, nonNull: 1 });
  });

  it('no count rises above its ceiling', { timeout: 120_000 }, () => {
    expect(risesAbove(countTypeDebt(), readCeilings())).toEqual([]);
  });
});
