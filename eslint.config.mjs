import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';
import prettierConfig from 'eslint-config-prettier/flat';

const config = [
  {
    ignores: [
      '.next/**',
      '.data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'bench/peer/**',
      'next-env.d.ts',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'next/link', message: "Use { Link } from '@/components/link' (no prefetching)." }] },
      ],
    },
  },
  { files: ['components/link.tsx'], rules: { 'no-restricted-imports': 'off' } },
  // Layout is the formatter's (Biome; npm run lint checks it first): no stylistic rule may disagree with it.
  prettierConfig,
];

export default config;
