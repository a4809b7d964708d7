/** A local tool with a bug, for the tests of what a failing tool costs (nothing) and answers (502). */
export async function run(): Promise<never> {
  throw new Error('the fake tool broke');
}
