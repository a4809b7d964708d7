import path from 'node:path';

/**
 * The server package's folder, from the sources (`src/`) and from the bundle (`dist/`) alike: both
 * sit one level below it. Files the server reads at run time are found from here, never from the
 * folder of the module that reads them, which the bundle moves.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
