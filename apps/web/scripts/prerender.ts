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

const { render, prerenderedPaths } = (await import(pathToFileURL(serverBundle).href)) as {
  render(url: string): Promise<string>;
  prerenderedPaths: string[];
};
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
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
  await writeFile(path.join(outDir, fileNameFor(urlPath)), html);
}
await rm(path.join(webRoot, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${prerenderedPaths.length} pages into dist/prerendered`);
