import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // globals: Testing Library unmounts each test's render through the global afterEach.
    globals: true,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['@testing-library/jest-dom/vitest'],
  },
});
