/**
 * Zod probes `new Function` once to compile faster parsers. Our Content-Security-Policy forbids
 * eval, so the probe fails quietly but the browser still logs a CSP violation (a DevTools issue,
 * and Lighthouse's best-practices score). `z.config({ jitless: true })` skips the probe, but only
 * for object schemas built after it runs, and the contract's schemas are built as soon as their
 * chunk loads, which can be before any module of ours that calls it. Zod keeps that setting on
 * this global (shared by every copy of zod on a page), so the app's entry sets it before any
 * chunk with zod can load, without putting zod itself into the entry.
 */
type ZodGlobalConfig = { jitless?: boolean };
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
export {};
