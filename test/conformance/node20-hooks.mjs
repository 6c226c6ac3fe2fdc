// Module hooks for running the conformance CLI on Node 20: its `fs` import gets
// node20-fs.mjs. Registered with `node --import ./test/conformance/node20-register.mjs`.
export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes('/@modelcontextprotocol/conformance/') === true;
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs'))
    return { url: new URL('./node20-fs.mjs', import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
