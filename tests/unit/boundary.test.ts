// The lint rule that keeps runtime/ and server/ apart fires on a crossing import.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

describe('module boundary', () => {
  // The texts are linted as files that do not exist: the type-aware rules, which need the file in
  // the TypeScript project, are off; the import rules under test need no types.
  const eslint = new ESLint({
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/await-thenable': 'off',
        '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      },
    },
  });
  it('refuses server code in the runtime and the reverse, allows the shared language', async () => {
    const [fromRuntime] = await eslint.lintText(
      "import { buildApp } from '../../server/app.ts';\nexport const x = buildApp;\n",
      { filePath: 'runtime/api/client.ts' },
    );
    expect(fromRuntime.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [fromServer] = await eslint.lintText("import { x } from '../runtime/api/client.ts';\nexport const y = x;\n", {
      filePath: 'server/x.ts',
    });
    expect(fromServer.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [shared] = await eslint.lintText(
      "import { MESSAGES } from '../../definitions/language/index.ts';\nexport const m = MESSAGES;\n",
      { filePath: 'runtime/api/client.ts' },
    );
    expect(shared.messages).toEqual([]);
  });

  it.each([
    ['server/metadata/x.ts', '../data/records.ts', 'refused'],
    ['server/db/x.ts', '../errors.ts', 'refused'],
    ['server/security/x.ts', '../views/index.ts', 'refused'],
    ['server/data/x.ts', '../behaviours/index.ts', 'refused'],
    ['server/views/x.ts', '../api/context.ts', 'refused'],
    ['server/imports/x.ts', '../jobs/index.ts', 'refused'],
    ['server/jobs/x.ts', '../imports/index.ts', 'allowed'],
    ['server/behaviours/x.ts', '../engine.ts', 'refused'],
    ['server/errors.ts', './metadata/model.ts', 'refused'],
    ['server/data/x.ts', '../metadata/model.ts', 'allowed'],
    ['server/security/x.ts', '../db/sql.ts', 'allowed'],
    ['server/api/x.ts', '../engine.ts', 'allowed'],
    ['server/behaviours/x.ts', '../views/index.ts', 'allowed'],
    ['server/metadata/x.ts', '../errors.ts', 'allowed'],
  ])('server layers point down: %s importing %s is %s', async (filePath, target, outcome) => {
    const [result] = await eslint.lintText(`import { x } from '${target}';\nexport const y = x;\n`, { filePath });
    const text = result.messages.map((m) => m.message).join(' ');
    if (outcome === 'refused') expect(text).toMatch(/server layers point down|composition root/);
    else expect(result.messages).toEqual([]);
  });

  it.each([
    ['runtime/grid/x.ts', '../app/index.ts', 'refused'],
    ['runtime/screens/detail/x.ts', '../../app/index.ts', 'refused'],
    ['runtime/form/x.ts', '../screens/index.ts', 'refused'],
    ['runtime/files/x.ts', '../live/index.ts', 'refused'],
    ['runtime/ui/dialogs/x.ts', '../../grid/index.ts', 'refused'],
    ['runtime/ui/navigation/x.ts', '../../files/index.ts', 'refused'],
    ['runtime/state/x.ts', '../ui/dialogs/index.ts', 'refused'],
    ['runtime/api/x.ts', '../i18n/index.ts', 'refused'],
    ['runtime/screens/x.ts', '../main.tsx', 'refused'],
    ['runtime/grid/x.ts', '../ui/dialogs/index.ts', 'allowed'],
    ['runtime/screens/detail/x.ts', '../../ui/navigation/index.ts', 'allowed'],
    ['runtime/ui/navigation/x.ts', '../dialogs/index.ts', 'allowed'],
    ['runtime/screens/x.ts', '../grid/index.ts', 'allowed'],
    ['runtime/app/x.ts', '../screens/index.ts', 'allowed'],
  ])('runtime layers point down: %s importing %s is %s', async (filePath, target, outcome) => {
    const [result] = await eslint.lintText(`import { x } from '${target}';\nexport const y = x;\n`, { filePath });
    const text = result.messages.map((m) => m.message).join(' ');
    if (outcome === 'refused') expect(text).toMatch(/runtime layers point down|runtime's entry/);
    else expect(result.messages).toEqual([]);
  });

  it('keeps the runtime apart from the server in every runtime layer', async () => {
    const [result] = await eslint.lintText("import { x } from '../../server/app.ts';\nexport const y = x;\n", {
      filePath: 'runtime/grid/x.ts',
    });
    expect(result.messages.map((m) => m.message).join(' ')).toMatch(/runtime\/ and server\/ do not import each other/);
  });
});
