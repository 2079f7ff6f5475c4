// The lint rule that keeps runtime/ and server/ apart fires on a crossing import.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

describe('module boundary', () => {
  const eslint = new ESLint();
  it('refuses server code in the runtime and the reverse, allows the shared language', async () => {
    const [fromRuntime] = await eslint.lintText("import { buildApp } from '../../server/app.ts';\nexport const x = buildApp;\n", { filePath: 'runtime/api/client.ts' });
    expect(fromRuntime.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [fromServer] = await eslint.lintText("import { x } from '../runtime/api/client.ts';\nexport const y = x;\n", { filePath: 'server/x.ts' });
    expect(fromServer.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [shared] = await eslint.lintText("import { MESSAGES } from '../../definitions/language/index.ts';\nexport const m = MESSAGES;\n", { filePath: 'runtime/api/client.ts' });
    expect(shared.messages).toEqual([]);
  });
});
