import { InputRejected } from '@lumigen/imaging';

/** A local tool that finds nothing to work on in any picture, for the tests of what that answers (a refunded 422). */
export async function run(): Promise<never> {
  throw new InputRejected('no subject was found in the image');
}
