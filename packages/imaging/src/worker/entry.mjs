// The pool's worker threads start here. A thread inherits the TypeScript loader when the server
// runs under tsx, but not under Vitest or a plain `node`: tsImport loads the worker's TypeScript
// either way, scoped to this import, so it never clashes with a loader already present.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./run-tool.ts', import.meta.url);

export const runTask = worker.runTask;
