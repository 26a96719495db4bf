// Node 20 compatibility for @modelcontextprotocol/conformance 0.1.16, whose bundle does
// `import { globSync } from "fs"` (fs.globSync exists from Node 22). The import is only
// used by the `tier-check` command, which f0 does not run, so on Node < 22 we redirect the
// package's "fs" import to a module that re-exports node:fs plus a globSync that throws.
// Usage: node --import ./lib/node20-globsync/register.mjs node_modules/.bin/conformance ...
import { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url));
