/**
 * The oldest Node.js line the server runs on (docs/decisions/046): older lines are past their end
 * of life, and on them the dependencies we use now do not load. Kept free of imports, so the check
 * runs before anything else is loaded.
 */
export const requiredNodeMajor = 24;

/** Why this Node cannot run the server, in one sentence an operator can act on; undefined when it can. */
export function runtimeRefusal(version: string = process.version): string | undefined {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= requiredNodeMajor) return undefined;
  return (
    `Lumigen needs Node.js ${requiredNodeMajor} or newer, and this is Node.js ${version}: start it through npm ` +
    `(npm start, npm run worker), which runs the Node.js ${requiredNodeMajor} that npm install put in node_modules/.bin, ` +
    `or install Node.js ${requiredNodeMajor} LTS (docs/deploy.md, "Node.js").`
  );
}

/** Exits with the refusal on stderr when this Node is too old. */
export function assertRuntime(): void {
  const refusal = runtimeRefusal();
  if (refusal === undefined) return;
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}

/** The start-up line that names the runtime, logged before the providers line. */
export const runtimeLine = (): string => `runtime: Node.js ${process.version}`;
