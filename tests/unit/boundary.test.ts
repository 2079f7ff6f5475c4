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

  it.each([
    ['server/metadata/x.ts', '../data/records.ts'],
    ['server/db/x.ts', '../errors.ts'],
    ['server/security/x.ts', '../views/index.ts'],
    ['server/data/x.ts', '../behaviours/index.ts'],
    ['server/views/x.ts', '../api/context.ts'],
    ['server/behaviours/x.ts', '../engine.ts'],
    ['server/errors.ts', './metadata/model.ts'],
  ])('refuses an upward import in the server: %s importing %s', async (filePath, target) => {
    const [result] = await eslint.lintText(`import { x } from '${target}';\nexport const y = x;\n`, { filePath });
    expect(result.messages.map((m) => m.message).join(' ')).toMatch(/server layers point down|composition root/);
  });

  it.each([
    ['server/data/x.ts', '../metadata/model.ts'],
    ['server/security/x.ts', '../db/sql.ts'],
    ['server/api/x.ts', '../engine.ts'],
    ['server/behaviours/x.ts', '../views/index.ts'],
    ['server/metadata/x.ts', '../errors.ts'],
  ])('allows a downward import in the server: %s importing %s', async (filePath, target) => {
    const [result] = await eslint.lintText(`import { x } from '${target}';\nexport const y = x;\n`, { filePath });
    expect(result.messages).toEqual([]);
  });
});
