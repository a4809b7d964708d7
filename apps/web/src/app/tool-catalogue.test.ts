import { toolIds } from '@lumigen/contract/tools';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { protectedHeroes } from './layout/protected-heroes.ts';
import { kindLabel } from '../features/account/image-label.ts';
import { jobKindLabel } from '../features/tools/job-words.ts';
import { isGroup, menu, toolLinks } from '../lib/menu.ts';
import { editingTools, toolCatalogue } from '../lib/tool-catalogue.ts';
import { toolRoutes } from '../lib/tool-routes.ts';

describe('the tool catalogue', () => {
  it('holds every tool of the contract once, the generator and edit with words', () => {
    expect(toolCatalogue.map((entry) => entry.id).sort()).toEqual(['generation', 'edit', ...toolIds].sort());
    expect(new Set(toolCatalogue.map((entry) => entry.route)).size).toBe(toolCatalogue.length);
    expect(new Set(toolCatalogue.map((entry) => entry.title)).size).toBe(toolCatalogue.length);
  });

  it('is where the menus, the routes, the heroes, the job words and the image labels come from', () => {
    const toolsGroup = menu.find((entry) => isGroup(entry) && entry.label === 'Tools');
    expect(toolsGroup && isGroup(toolsGroup) ? toolsGroup.items : []).toEqual(
      toolCatalogue.map((entry) => ({ label: entry.menuLabel, to: entry.route })),
    );
    expect(toolLinks).toBe(toolsGroup && isGroup(toolsGroup) ? toolsGroup.items : undefined);
    for (const entry of toolCatalogue) {
      const hero = (protectedHeroes as Record<string, { title: string; lead: string }>)[entry.route];
      expect(hero?.title, entry.route).toBe(entry.title);
      expect(hero?.lead.startsWith(entry.lead), entry.route).toBe(true);
      expect(jobKindLabel(entry.id)).toBe(entry.title);
      expect(kindLabel(entry.id)).toBe(entry.done);
    }
    expect(toolRoutes).toEqual(Object.fromEntries(editingTools.map((entry) => [entry.id, entry.route])));
  });

  it('keeps the specification’s menu labels for the menu (docs/product.md §2)', () => {
    expect(toolLinks.map((link) => `${link.label} ${link.to}`)).toEqual([
      'Image Generator /generate',
      'Edit with words /edit-with-words',
      'Image Upscaling Tool /upscale',
      'Image Cleanup Tool /cleanup',
      'Photography Imagery /editimage',
      'Image Variation Tool /variant',
      'Background Removal /removebg',
      'Image Text Removal /removetxt',
      'Replace Background /addbg',
      'Image Crop & Uncrop /uncrop',
    ]);
  });

  it('is the only place of the web app that spells out a tool’s page names (no second table to forget)', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(full);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const names = toolCatalogue.flatMap((entry) =>
      entry.id === 'generation' ? [] : [`'${entry.done}'`, `'${entry.title}'`],
    );
    const elsewhere = sources(src)
      .filter((file) => !file.endsWith(path.join('lib', 'tool-catalogue.ts')))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return names.filter((name) => text.includes(name)).map((name) => `${path.relative(src, file)}: ${name}`);
      });
    // The public /test page is background removal under its own heading, and says its button.
    expect(elsewhere).toEqual(["features/tools/components/tool-pages.tsx: 'Remove Background'"]);
  });

  it('says nothing about watermarks on Remove Text', () => {
    const removeText = toolCatalogue.find((entry) => entry.id === 'remove-text')!;
    expect(JSON.stringify(removeText).toLowerCase()).not.toContain('watermark');
  });
});
