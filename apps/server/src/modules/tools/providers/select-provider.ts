import type { ToolsConfig } from '../../../config.ts';
import { createLocalToolProvider } from './local.ts';
import type { ToolProvider } from './provider.ts';

/** Chosen once at start-up: this server's own tools. */
export function selectToolProvider(config: ToolsConfig): ToolProvider {
  return createLocalToolProvider(config.local);
}
