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
    // The entry's own imports are preloaded from the HTML; a chunk that import() loads brings what it
    // imports itself. Vite's helper would add a <link rel=modulepreload> for each of them, in a long
    // task of its own while the page is taken over (decision 045).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
});
