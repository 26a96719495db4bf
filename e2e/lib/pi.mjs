// pi, the coding agent (npm @earendil-works/pi-coding-agent, pinned), run headless with pi-mcp-adapter
// (pinned) as its only extension, against a fake model on 127.0.0.1, for the e2e tests that drive a
// whole pi turn through f0.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { E2E_DIR } from './f0.mjs';
import { node22, run } from './procs.mjs';

export const PI_PKG = path.join(E2E_DIR, 'node_modules', '@earendil-works', 'pi-coding-agent');
export const PI_CLI = path.join(PI_PKG, 'dist', 'cli.js');
export const ADAPTER = path.join(E2E_DIR, 'node_modules', 'pi-mcp-adapter');

/** The version in a package directory's package.json. */
export const version = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/**
 * Runs one pi turn with prompt, offline, in cwd, with home and agent (PI_CODING_AGENT_DIR, holding
 * mcp.json and the fake model's provider) as given. Every connection beyond loopback is logged to
 * netLog (lib/loopback-only.mjs) and no proxy is used.
 */
export function runPi({ cwd, home, agent, netLog, prompt }) {
  return run(node22(), [
    '--import', pathToFileURL(path.join(E2E_DIR, 'lib', 'loopback-only.mjs')).href,
    PI_CLI, '-p', '--offline', '--no-session', '--provider', 'fake', '--model', 'fake-model',
    '--no-skills', '--no-prompt-templates', '--no-themes', '--no-context-files',
    '--no-extensions', '--extension', path.join(ADAPTER, 'index.ts'),
    prompt,
  ], {
    cwd,
    timeoutMs: 180_000,
    env: {
      HOME: home, PI_CODING_AGENT_DIR: agent, PI_OFFLINE: '1', PI_TELEMETRY: '0', PI_SKIP_VERSION_CHECK: '1',
      F0_E2E_NET_LOG: netLog, HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '', NO_PROXY: '*',
    },
  });
}
