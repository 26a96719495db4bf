// Real MCP servers from npm (pinned in e2e/package.json) to put behind f0 as upstreams: the official
// filesystem server and server-everything, run with the Node running the tests.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { E2E_DIR } from './f0.mjs';

const pkg = (name) => path.join(E2E_DIR, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');

/** The filesystem server's entry point. */
export const FILESYSTEM = pkg('server-filesystem');
/** server-everything's entry point (stdio, or streamableHttp with PORT). */
export const EVERYTHING = pkg('server-everything');

/** Whether both servers are installed (e2e/run.sh's npm ci installs them). */
export function upstreamsInstalled() {
  return existsSync(FILESYSTEM) && existsSync(EVERYTHING);
}

/** Shell-quote one word for an --upstream command line. */
const q = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/** --upstream flags for the filesystem server over dir and server-everything over stdio. */
export function upstreamFlags(dir) {
  return [
    '--upstream', `files=${q(process.execPath)} ${q(FILESYSTEM)} ${q(dir)}`,
    '--upstream', `everything=${q(process.execPath)} ${q(EVERYTHING)} stdio`,
  ];
}

/** The pids of the direct children of pid (Linux /proc). */
export function childPids(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch { /* gone */ }
  }
  return out;
}

/** The command line of a process. */
export function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}
