// Name limits: every name f0 lists, under the prefixes real clients add, stays within
// ^[a-zA-Z0-9_-]{1,64}$ (Claude Desktop rejects the whole list otherwise; OpenAI wants the
// same alphabet). Checked for every listed tool, in several configurations, over stdio and HTTP.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { NAME_RE, callTool, connectHttp, connectStdio, listAllTools, show, startHttpServer } from './lib/f0.mjs';

const T = { timeout: 30_000 };
const HOOK = { timeout: 30_000 };

// Prefixes real clients put in front of a server's tool names (server named "f0").
const CLIENT_PREFIXES = {
  'Claude Code / Claude Desktop (mcp__<server>__)': 'mcp__f0__',
  'pi-mcp-adapter toolPrefix "server" / mini-me (<server>_)': 'f0_',
  'pi-mcp-adapter toolPrefix "mcp" (mcp__<server>_)': 'mcp__f0_',
};

const CONFIGS = [
  { args: [], prefix: '' },
  { args: ['--tools-prefix', 'p'], prefix: 'p_' },
  { args: ['--tools-prefix', 'myproject'], prefix: 'myproject_' },
  { args: ['--access', 'read'], prefix: '' },
  { args: ['--allowed-root-endpoints', 'fs', '--tools-prefix', 'f0'], prefix: 'f0_' },
];

function checkNames(names, prefix) {
  const problems = [];
  if (new Set(names).size !== names.length) problems.push(`duplicate names: ${show(names)}`);
  for (const n of names) {
    if (!NAME_RE.test(n)) problems.push(`${JSON.stringify(n)} does not match ${NAME_RE}`);
    if (prefix && !n.startsWith(prefix)) problems.push(`${n} lacks the prefix ${prefix}`);
    for (const [client, p] of Object.entries(CLIENT_PREFIXES)) {
      const full = p + n;
      if (!NAME_RE.test(full)) problems.push(`${client}: ${full} (${full.length} chars) does not match ${NAME_RE}`);
    }
  }
  return problems;
}

for (const { args, prefix } of CONFIGS) {
  describe(`names: f0 serve ${args.join(' ') || '(defaults)'}`, () => {
    let stdio;
    let srv;
    let http;
    before(async () => {
      stdio = await connectStdio(args);
      srv = await startHttpServer(args);
      http = await connectHttp(srv.url);
    }, HOOK);
    after(async () => {
      await stdio?.close();
      await http?.close();
      await srv?.stop();
    }, HOOK);

    it('every listed name, alone and with each client prefix, is within ^[a-zA-Z0-9_-]{1,64}$', T, async (t) => {
      const names = (await listAllTools(stdio.client)).map((x) => x.name);
      assert.ok(names.length > 0);
      assert.deepEqual(checkNames(names, prefix), []);
      const longest = names.reduce((a, b) => (b.length > a.length ? b : a));
      t.diagnostic(`${names.length} tools; longest ${longest} (${longest.length}); mcp__f0__${longest} is ${9 + longest.length} of 64`);
    });

    it('HTTP lists exactly the same names as stdio', T, async () => {
      const a = (await listAllTools(stdio.client)).map((x) => x.name).sort();
      const b = (await listAllTools(http.client)).map((x) => x.name).sort();
      assert.deepEqual(b, a);
    });

    it('every listed name is callable by that name (tools_describe resolves it)', T, async () => {
      const names = (await listAllTools(stdio.client)).map((x) => x.name);
      const describe = names.find((n) => /tools_describe$/.test(n));
      if (!describe) return; // tools_describe hidden in this configuration
      const bad = [];
      for (const n of names) {
        const res = await callTool(stdio.client, describe, { name: n });
        if (res.isError) bad.push(`${n}: ${res.content?.[0]?.text?.slice(0, 200)}`);
      }
      assert.deepEqual(bad, []);
    });
  });
}
