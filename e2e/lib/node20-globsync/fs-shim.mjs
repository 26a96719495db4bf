// node:fs plus a globSync stub (see register.mjs).
import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error('fs.globSync needs Node >= 22 (only used by `conformance tier-check`)');
}
