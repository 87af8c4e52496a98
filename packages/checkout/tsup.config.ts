import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// Each source file becomes its own module in dist (bundle: false), so the per-file
// "use client" directives survive: bundlers drop them when they merge modules
// (see ../../shared/STYLE.md). dist/directives.test.ts checks the built output.
export default defineConfig({
  entry: [
    'src/**/*.ts',
    'src/**/*.tsx',
    '!src/**/*.test.ts',
    '!src/**/*.test.tsx',
    '!src/test-utils/**',
  ],
  format: ['esm'],
  bundle: false,
  splitting: false,
  sourcemap: false,
  clean: true,
  dts: false,
  target: 'es2022',
  platform: 'neutral',
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
  onSuccess: async () => {
    copyFileSync('src/styles.css', 'dist/styles.css');
  },
});
