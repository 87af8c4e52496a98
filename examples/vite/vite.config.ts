import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Nothing checkout-specific: @plankit/checkout needs no plugin, alias or special option.
// The dev server's port is EXAMPLE_VITE_DEV_PORT (default Vite's 5173); the tests serve
// the build with `vite preview` on EXAMPLE_VITE_PORT (playwright.config.ts).
export default defineConfig({
  plugins: [react()],
  server: { port: Number(process.env.EXAMPLE_VITE_DEV_PORT || 5173) },
});
