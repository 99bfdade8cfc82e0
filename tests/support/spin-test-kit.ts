// Small helpers shared by the SPIn client's wire tests.
import { SpinError } from '../../electron/services/spin/spin-error';

/** The SpinError a call ends with; anything else (a result, another error) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<SpinError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SpinError)) throw new Error(`expected a SpinError, got ${String(error)}`);
  return error;
}

/** A promise and the function that resolves it, for "wait until this happened" in the tests. */
export function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}
