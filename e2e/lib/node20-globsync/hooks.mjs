// Module resolve hook (see register.mjs): "fs" imported from the conformance package
// resolves to fs-shim.mjs when node:fs has no globSync.
import fs from 'node:fs';

const shim = new URL('./fs-shim.mjs', import.meta.url).href;
const needed = typeof fs.globSync !== 'function';

export async function resolve(specifier, context, next) {
  if (
    needed &&
    (specifier === 'fs' || specifier === 'node:fs') &&
    context.parentURL &&
    context.parentURL.includes('/@modelcontextprotocol/conformance/')
  ) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
