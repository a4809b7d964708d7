import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vite requires a default export here.
export default defineConfig({
  plugins: [react()],
  server: {
    // In development the API runs on its own port (npm run dev); the built app is served by it directly.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    // Modern browsers only; keeps the landing bundle small.
    target: 'es2022',
    // One stylesheet for every page: prerendered HTML must be styled before a route's JS loads.
    cssCodeSplit: false,
    // Read by scripts/prerender.ts to preload each protected page's chunks from its HTML, then removed.
    manifest: true,
  },
});
