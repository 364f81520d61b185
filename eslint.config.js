// ESLint (npm run lint): only rules that catch defects, never taste; Prettier owns the layout and the line length
// is checked by tests/unit/architecture/line-length.test.ts. docs/architecture.md, House rules, says why each rule.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'public/build/', 'public/build.tmp-*/', 'node_modules/', 'data/', 'src/media/icon-data.ts'] },
  {
    files: ['src/**/*.ts', 'widgets/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.base],
    languageOptions: {
      // Each file is checked with the types of its nearest tsconfig.json: the root one (src, scripts),
      // widgets/, tests/ and bench/.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript itself reports undefined names and redeclarations, with the types ESLint lacks.
      'no-undef': 'off',
      'no-redeclare': 'off',
      'no-dupe-class-members': 'off',
      'no-unused-vars': 'off',
      // Our sanitisers match control characters on purpose, and a needless escape is only style.
      'no-control-regex': 'off',
      'no-useless-escape': 'off',
      // Prettier puts `[method](url)` of a chain on its own line; a first value a try/catch overwrites is only style.
      'no-unexpected-multiline': 'off',
      'no-useless-assignment': 'off',
      eqeqeq: ['error', 'smart'],
      'no-fallthrough': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
      // Off: besides casts the types already make (taken out once), it asks for Knex's generic in place of a
      // cast on a query's result; both say the same, neither hides a defect.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly' },
    },
    rules: { eqeqeq: ['error', 'smart'] },
  },
);
