// Lint: typescript-eslint's recommended rules, and the module boundary of DESIGN.md:
// runtime/ and server/ never import each other; both may import definitions/language.
import tseslint from 'typescript-eslint';

const boundary = (other) => ({
  'no-restricted-imports': ['error', {
    patterns: [{ group: [`**/${other}/**`, `**/${other}`], message: `runtime/ and server/ do not import each other; share code through definitions/language.` }],
  }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'runtime/dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['runtime/**'], rules: boundary('server') },
  { files: ['server/**'], rules: boundary('runtime') },
  { files: ['definitions/language/**'], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/runtime/**', 'node:*'], message: 'definitions/language is pure and shared: no server, runtime or I/O imports.' }] }] } },
);
