import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Nothing checkout-specific: @plankit/checkout needs no plugin, alias or special option.
export default defineConfig({
  plugins: [react()],
});
