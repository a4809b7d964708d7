// `npm run worker`: takes paid work from the job queue. The Node check runs before any dependency is loaded.
import { assertRuntime } from './runtime.ts';

assertRuntime();
await import('./worker-main.ts');
