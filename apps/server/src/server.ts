// `npm start`: the web app and the API. The Node check runs before any dependency is loaded.
import { assertRuntime } from './runtime.ts';

assertRuntime();
await import('./web-main.ts');
