import type { ToolsConfig } from '../../../config.ts';
import { createClipdropProvider } from './clipdrop.ts';
import { createLocalToolsProvider } from './local.ts';
import type { ToolProvider } from './provider.ts';

/** Chosen once at start-up: Clipdrop when configured, else this server's own tools. */
export function selectToolProvider(config: ToolsConfig): ToolProvider {
  return config.provider === 'clipdrop' ? createClipdropProvider(config.clipdrop) : createLocalToolsProvider(config.local);
}
