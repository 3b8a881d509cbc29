import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'var/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from their emitted types: those imports must stay values.
    files: ['src/**/*.ts', 'cli/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Errors are part of the domain by what they are, not only by file name (docs/architecture.md, issue 29): a class
    // that extends DomainError (or any subclass of it, every one of them named …Error) is declared in a module's
    // domain/ or in the shared kernel. Plain `extends Error` (technical failures of an adapter) stays allowed anywhere.
    files: ['src/**/*.ts'],
    ignores: ['src/modules/*/domain/**', 'src/shared/domain-error.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: ':matches(ClassDeclaration, ClassExpression)[superClass.name=/.Error$/]',
        message: 'A DomainError subclass is part of the domain: declare it in this module\'s domain/*-errors.ts.',
      }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Inside the portal a react-router link must also tell Vike's client router to keep out (web/admin/kit/links.tsx).
    files: ['web/admin/**/*.{ts,tsx}', 'web/layouts/AdminLayout.tsx'],
    ignores: ['web/admin/kit/links.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react-router', importNames: ['Link', 'NavLink'], message: 'Use Link from web/admin/kit/links.tsx (it carries data-vike="false").' }],
      }],
    },
  },
);
