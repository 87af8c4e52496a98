import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // jsdom keeps storage for the whole test file; the plan step stores its checkout key there.
  sessionStorage.clear();
});
