/**
 * Renders the public pages, and each protected page as its pending view, to HTML after
 * `vite build`, so a first visit paints text and layout before any JavaScript runs; the client then
 * hydrates. Output: dist/prerendered/<page>.html,
 * served by the server for exactly those paths (anything else gets the plain SPA shell).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const serverBundle = path.join(webRoot, 'dist-ssr', 'entry-server.js');

const { render, prerenderedPaths, protectedPageModules } = (await import(pathToFileURL(serverBundle).href)) as {
  render(url: string): Promise<string>;
  prerenderedPaths: string[];
  protectedPageModules: Record<string, string[]>;
};
const template = await readFile(path.join(dist, 'index.html'), 'utf8');

type ManifestChunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isDynamicEntry?: boolean };
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

/**
 * The manifest's key of the chunk that `import()` of a source module loads: the module's own, or,
 * when other chunks also import it statically, the shared chunk Vite put it in (named after it).
 */
const loadedByImport = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
function loadedChunk(module: string): string {
  if (manifest[module]?.isDynamicEntry) return module;
  const name = path.basename(module, path.extname(module));
  const found = [...loadedByImport].filter((key) => manifest[key]?.name === name && !key.startsWith('src/'));
  if (found.length !== 1) throw new Error(`no chunk loaded by import() holds ${module}: protectedPageModules in router.tsx names a module no route loads`);
  return found[0]!;
}

/**
 * `modulepreload` links for a protected page's chunks and what they import, but those the main
 * entry already loads: a signed-in visitor's browser fetches them while it parses the HTML, instead
 * of once the main bundle has run (decision 044). Vite's own preloading then finds them in place and
 * adds none.
 */
function preloadLinks(modules: string[]): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(loadedChunk(module));
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
}
const outDir = path.join(dist, 'prerendered');
await mkdir(outDir, { recursive: true });

export function fileNameFor(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1).replaceAll('/', '__')}.html`;
}

for (const urlPath of prerenderedPaths) {
  const app = await render(urlPath);
  // Our Content-Security-Policy blocks inline scripts; a page that needs one would break.
  if (app.includes('<script')) throw new Error(`prerendered ${urlPath} contains an inline script`);
  // React renders a page's <title> where the page declares it; the document wants it in <head>.
  const title = /<title>(.*?)<\/title>/s.exec(app)?.[0];
  const body = title ? app.replace(title, '') : app;
  let html = template.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (title) html = html.replace(/<title>.*?<\/title>/s, title);
  const modules = protectedPageModules[urlPath];
  if (modules) html = html.replace('</head>', `${preloadLinks(modules)}</head>`);
  await writeFile(path.join(outDir, fileNameFor(urlPath)), html);
}
await rm(path.join(webRoot, 'dist-ssr'), { recursive: true, force: true });
// Nothing serves it; it only told the links above.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${prerenderedPaths.length} pages into dist/prerendered`);
