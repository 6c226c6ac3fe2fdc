// ## Owns
// What PDF.js expects of its runtime that the test runner's Node lacks and Chromium
// has (Promise.withResolvers); imported by tests before PDF.js runs.
const promises = Promise as unknown as { withResolvers?: () => unknown };
promises.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};
