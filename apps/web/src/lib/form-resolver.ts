// Zod's eval probe is switched off by ./zod-jitless.ts, which the app's entry loads first.
export { zodResolver } from '@hookform/resolvers/zod';
