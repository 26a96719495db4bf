// pi-mcp-adapter (npm, pinned 2.36.x) driving f0 headless, without pi itself.
//
// What runs is the adapter's own code, not a re-implementation:
//   - dist/server-manager.js  McpServerManager: connect over stdio / streamable HTTP (+ bearer token),
//                             the tool list it keeps, its request options;
//   - dist/config.js          loadMcpConfig: the .mcp.json below is read the way pi reads it;
//   - dist/metadata-cache.js  reconstructToolMetadata / serializeTools / computeServerHash: the names
//                             and metadata the proxy tool `mcp` works from (colliding names dropped);
//   - direct-tool-surface.ts  resolveDirectTools: the direct-tool names (`directTools`), with the
//                             built-in-name skip and the collision drop. It ships as TypeScript only,
//                             so it is loaded from a copy outside node_modules (Node strips types there
//                             only): that needs Node >= 22.18 (e2e/run.sh provides one);
//   - dist/utils.js           normalizeToolArguments (the proxy's JSON-string `args`) and
//                             normalizeDirectToolInputSchema (the schema pi shows the model);
//   - dist/json-schema-validator.js  the Ajv validator the proxy checks `args` with before sending;
//   - dist/session-recovery.js withSessionRecovery, which wraps every call.
// The call paths of direct-tools.ts / proxy-modes.ts are followed step by step (they need pi's runtime):
// a call that throws makes pi close the server (direct-tools.ts: `state.manager.close(...)` in the catch),
// so every f0 failure must come back as an isError result, and the connection must stay up.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';

import { E2E_DIR, NAME_RE, f0Bin, resultText, show, startHttpServer, withTimeout } from './lib/f0.mjs';
import { nodeAtLeast, startTargetServer, tempDir } from './lib/procs.mjs';
import { upstreamFlags } from './lib/upstreams.mjs';

const T = { timeout: 30_000 };
const HOOK = { timeout: 60_000 };
const CALL_TIMEOUT_MS = 15_000;

const PI_DIR = path.join(E2E_DIR, 'node_modules', 'pi-mcp-adapter');
const PI_VERSION = JSON.parse(readFileSync(path.join(PI_DIR, 'package.json'), 'utf8')).version;

// Keep pi's files (config discovery, metadata cache, auth store) inside a sandbox: HOME must be set
// before the adapter's modules load (some paths are computed at import time).
const SANDBOX = tempDir('f0-pi-home-');
process.env.HOME = SANDBOX;
process.env.PI_CODING_AGENT_DIR = path.join(SANDBOX, '.pi', 'agent');
process.env.MCP_OAUTH_DIR = path.join(SANDBOX, 'oauth');
process.env.PI_MCP_ADAPTER_TEST_AUTH_STORE = 'memory';

const dist = (f) => import(pathToFileURL(path.join(PI_DIR, 'dist', f)).href);
const { McpServerManager } = await dist('server-manager.js');
const { loadMcpConfig } = await dist('config.js');
const { reconstructToolMetadata, serializeTools, computeServerHash } = await dist('metadata-cache.js');
const { formatToolName } = await dist('types.js');
const { normalizeToolArguments, normalizeDirectToolInputSchema } = await dist('utils.js');
const { createJsonSchemaValidator } = await dist('json-schema-validator.js');
const { withSessionRecovery } = await dist('session-recovery.js');
const { Check } = await import('typebox/value');

/** direct-tool-surface.ts, loaded from a copy of the package outside node_modules. */
async function loadDirectToolSurface() {
  if (!nodeAtLeast(22, 18)) {
    throw new Error(`pi-mcp-adapter's direct-tool-surface.ts needs Node >= 22.18 (type stripping); this is ${process.version}. Run e2e/run.sh, which picks one.`);
  }
  const copy = path.join(E2E_DIR, '.cache', `pi-mcp-adapter-${PI_VERSION}`);
  if (!existsSync(path.join(copy, 'direct-tool-surface.ts'))) {
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(path.dirname(copy), { recursive: true });
    cpSync(PI_DIR, copy, { recursive: true, filter: (src) => !path.relative(PI_DIR, src).split(path.sep).includes('node_modules') });
  }
  const src = readFileSync(path.join(copy, 'direct-tool-surface.ts'), 'utf8');
  const m = src.match(/const BUILTIN_NAMES = new Set\(\[([^\]]*)\]\)/);
  if (!m) throw new Error('BUILTIN_NAMES not found in direct-tool-surface.ts: the adapter changed, update this test');
  const builtins = JSON.parse(`[${m[1]}]`);
  const mod = await import(pathToFileURL(path.join(copy, 'direct-tool-surface.ts')).href);
  return { resolveDirectTools: mod.resolveDirectTools, builtins };
}
const { resolveDirectTools, builtins: PI_BUILTINS } = await loadDirectToolSurface();

// f0's tools we rely on (others may come and go: the checks below cover every listed tool).
const CORE = ['tools_search', 'tools_describe', 'batch', 'net_curl', 'fs_read'];
// The README's pi configuration: directTools with f0's listed names.
const README_DIRECT_TOOLS = ['net_curl', 'fs_read', 'fs_list', 'fs_search', 'tools_search'];
const MODES = ['server', 'short', 'none', 'mcp'];
const MARKER = `pi-marker-${randomBytes(6).toString('hex')}`;

function writeProjectConfig(dir, servers, settings) {
  const cfg = { mcpServers: servers, ...(settings ? { settings } : {}) };
  writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify(cfg, null, 2));
  return cfg;
}

/** The metadata-cache entry pi would write after connecting (init.ts updateMetadataCache). */
function cacheFor(serverName, definition, connection) {
  return {
    version: 1,
    servers: {
      [serverName]: {
        configHash: computeServerHash(definition),
        tools: serializeTools(connection.tools),
        resources: [],
        cachedAt: Date.now(),
      },
    },
  };
}

/**
 * A call the way direct-tools.ts / proxy-modes.ts make it: normalizeToolArguments, then
 * withSessionRecovery + client.callTool with the manager's request options. A thrown error
 * is what makes pi close the server; we record it and close likewise.
 */
async function piCall(manager, config, serverName, originalName, args) {
  const normalized = normalizeToolArguments(args);
  try {
    return await withTimeout(withSessionRecovery({ manager, config }, serverName, (conn) =>
      conn.client.callTool({ name: originalName, arguments: normalized }, manager.getRequestOptions(serverName))),
    CALL_TIMEOUT_MS, `pi call ${originalName}`);
  } catch (err) {
    await manager.close(serverName).catch(() => {});
    const e = new Error(`pi would close the server: ${originalName} ${JSON.stringify(args)} threw ${err?.stack || err}`);
    e.cause = err;
    throw e;
  }
}

const validator = createJsonSchemaValidator();
/** The proxy's pre-send check (proxy-modes.ts proxyArgumentValidationError). */
function proxyValidationError(inputSchema, args) {
  const validate = validator.getValidator(inputSchema);
  const r = validate(args);
  return r.valid ? null : (r.errorMessage || 'invalid');
}

// ---------------------------------------------------------------------------

describe(`pi-mcp-adapter ${PI_VERSION}: setup`, () => {
  it('is the pinned 2.36.x release, and its naming rules are the ones this test knows', T, () => {
    assert.match(PI_VERSION, /^2\.36\./);
    assert.deepEqual([...PI_BUILTINS].sort(), ['bash', 'edit', 'find', 'grep', 'ls', 'mcp', 'read', 'write']);
  });

  it('harness check: the adapter itself drops a built-in-named tool and both tools of a colliding pair', T, () => {
    // If this fails, the "none dropped" assertions below would prove nothing.
    const fake = { tools: [{ name: 'read' }, { name: 'net.curl' }, { name: 'net_curl' }, { name: 'fs_read' }].map((t) => ({ ...t, inputSchema: { type: 'object', properties: {} } })) };
    const def = { command: 'true', directTools: true };
    const config = { mcpServers: { x: def }, settings: { toolPrefix: 'none' } };
    const cache = { version: 1, servers: { x: { configHash: computeServerHash(def), tools: fake.tools, resources: [], cachedAt: Date.now() } } };
    const direct = resolveDirectTools(config, cache, 'none').map((s) => s.prefixedName);
    assert.deepEqual(direct, ['fs_read']);
    const proxy = reconstructToolMetadata('x', fake, 'none', def).map((m) => m.name);
    assert.deepEqual(proxy, ['read', 'fs_read']);
  });
});

// ---------------------------------------------------------------------------

function transportSuite(label, { start, definition, extraChecks }) {
  describe(`pi-mcp-adapter ${PI_VERSION} → f0 over ${label}`, () => {
    let root;
    let target;
    let f0;
    let project;
    let config;
    let manager;
    let conn;
    let specs;

    before(async () => {
      root = tempDir('f0-pi-root-', { 'hello.txt': `${MARKER}\n`, 'sub/other.txt': 'other\n' });
      target = await startTargetServer();
      f0 = await start(root);
      project = tempDir('f0-pi-project-');
      // The README configuration, written where pi looks for it, loaded by pi's own loader.
      writeProjectConfig(project, { f0: { ...definition(f0, root), directTools: README_DIRECT_TOOLS } });
      config = loadMcpConfig(undefined, project);
      assert.ok(config.mcpServers.f0, `pi did not load the f0 server from .mcp.json: ${show(config)}`);
      assert.deepEqual(config.mcpServers.f0.directTools, README_DIRECT_TOOLS, `directTools as loaded: ${show(config.mcpServers.f0)}`);
      manager = new McpServerManager(project);
      manager.setDefaultRequestTimeoutMs(CALL_TIMEOUT_MS);
      conn = await withTimeout(manager.connect('f0', config.mcpServers.f0), 20_000, 'pi connect');
      const cache = cacheFor('f0', config.mcpServers.f0, conn);
      specs = resolveDirectTools(config, cache, config.settings?.toolPrefix ?? 'server');
    }, HOOK);

    after(async () => {
      await manager?.closeAll().catch(() => {});
      await f0?.stop?.();
      await target?.close();
    }, HOOK);

    it('connects and lists every core f0 tool', T, (t) => {
      assert.equal(conn.status, 'connected', `status ${conn.status}`);
      t.diagnostic(`negotiated protocol ${conn.client.getNegotiatedProtocolVersion?.()}`);
      const names = conn.tools.map((t) => t.name);
      for (const n of CORE) assert.ok(names.includes(n), `${n} missing from ${show(names)}`);
    });

    it('directTools from the README resolve to f0_<name> direct tools, none dropped', T, () => {
      assert.deepEqual(specs.map((s) => s.originalName).sort(), [...README_DIRECT_TOOLS].sort(), show(specs.map((s) => s.prefixedName)));
      for (const s of specs) assert.equal(s.prefixedName, `f0_${s.originalName}`);
    });

    it('a direct tool call (fs_read) returns the file', T, async () => {
      const spec = specs.find((s) => s.originalName === 'fs_read');
      const res = await piCall(manager, config, 'f0', spec.originalName, { path: 'hello.txt' });
      assert.notEqual(res.isError, true, show(res));
      assert.match(resultText(res), new RegExp(MARKER));
    });

    it('a direct tool call (net_curl GET to a loopback server) returns its body', T, async () => {
      const spec = specs.find((s) => s.originalName === 'net_curl');
      const res = await piCall(manager, config, 'f0', spec.originalName, { url: `${target.url}/pi-direct` });
      assert.notEqual(res.isError, true, show(res));
      assert.match(resultText(res), /target-ok \/pi-direct/);
    });

    it('the proxy path: mcp({tool: "f0_fs_read", args: "<JSON string>"}) passes Ajv and returns the file', T, async () => {
      const meta = reconstructToolMetadata('f0', { tools: serializeTools(conn.tools) }, 'server', config.mcpServers.f0);
      const toolMeta = meta.find((m) => m.name === 'f0_fs_read');
      assert.ok(toolMeta, `f0_fs_read not in proxy metadata: ${show(meta.map((m) => m.name))}`);
      const args = normalizeToolArguments(JSON.stringify({ path: 'sub/other.txt', lineNumbers: true }));
      assert.equal(proxyValidationError(toolMeta.inputSchema, args), null);
      const res = await piCall(manager, config, 'f0', toolMeta.originalName, args);
      assert.notEqual(res.isError, true, show(res));
      assert.match(resultText(res), /other/);
    });

    it('the proxy path: batch with calls as a JSON string inside the JSON-string args', T, async () => {
      const meta = reconstructToolMetadata('f0', { tools: serializeTools(conn.tools) }, 'server', config.mcpServers.f0);
      const toolMeta = meta.find((m) => m.name === 'f0_batch');
      assert.ok(toolMeta, show(meta.map((m) => m.name)));
      // Item args are published as JSON text (the portable shape); pi's proxy checks the published schema, so
      // a model following it sends strings. An object there is refused by pi before f0 sees it.
      const args = normalizeToolArguments(JSON.stringify({ calls: [{ tool: 'fs_read', args: JSON.stringify({ path: 'hello.txt' }) }, { tool: 'tools_describe', args: '{"name":"fs_read"}' }] }));
      assert.equal(proxyValidationError(toolMeta.inputSchema, args), null);
      const asObjects = normalizeToolArguments(JSON.stringify({ calls: [{ tool: 'fs_read', args: { path: 'hello.txt' } }] }));
      assert.notEqual(proxyValidationError(toolMeta.inputSchema, asObjects), null, 'pi checks the published shape');
      const res = await piCall(manager, config, 'f0', toolMeta.originalName, args);
      assert.notEqual(res.isError, true, show(res));
      assert.match(resultText(res), new RegExp(MARKER));
    });

    it('failures are isError results and the connection stays up: unknown tool, bad args, missing file', T, async () => {
      const before = manager.getConnection('f0');
      const pid = before.transport?.pid;
      const session = before.transport?.sessionId;
      const failures = [
        ['f0_nonexistent_tool', {}],
        ['fs_reed', { path: 'hello.txt' }],
        ['fs_read', {}],
        ['fs_read', { path: 'does/not/exist.txt' }],
        ['fs_read', { path: '../../etc/passwd' }],
        ['net_curl', { url: 'not a url at all' }],
        ['tools_describe', { name: 'no_such_tool' }],
        ['batch', { calls: 'not json' }],
      ];
      for (const [name, args] of failures) {
        const res = await piCall(manager, config, 'f0', name, args);
        assert.equal(res.isError, true, `${name} ${JSON.stringify(args)}: want an isError result, got ${show(res)}`);
        assert.ok(resultText(res).length > 0, `${name}: empty error text`);
      }
      const now = manager.getConnection('f0');
      assert.equal(now, before, 'the manager replaced the connection');
      assert.equal(now.status, 'connected');
      if (pid) assert.equal(now.transport.pid, pid, 'f0 was respawned');
      if (session) assert.equal(now.transport.sessionId, session, 'the HTTP session changed');
      const ok = await piCall(manager, config, 'f0', 'fs_read', { path: 'hello.txt' });
      assert.match(resultText(ok), new RegExp(MARKER), show(ok));
    });

    extraChecks?.(() => ({ manager, config, conn, f0 }));
  });
}

transportSuite('stdio', {
  start: async () => ({}),
  definition: (_f0, root) => ({ command: f0Bin(), args: ['serve', '--root', root, '--net-allow', 'loopback'] }),
});

transportSuite('streamable HTTP', {
  start: (root) => startHttpServer(['--root', root, '--net-allow', 'loopback']),
  definition: (f0) => ({ url: f0.url }),
});

const TOKEN = randomBytes(24).toString('hex');
process.env.F0_E2E_PI_TOKEN = TOKEN;

transportSuite('streamable HTTP with a bearer token (auth: "bearer", bearerTokenEnv)', {
  start: (root) => startHttpServer(['--root', root, '--net-allow', 'loopback', '--auth-token-env', 'F0_E2E_PI_TOKEN'], { env: { F0_E2E_PI_TOKEN: TOKEN } }),
  definition: (f0) => ({ url: f0.url, auth: 'bearer', bearerTokenEnv: 'F0_E2E_PI_TOKEN' }),
  extraChecks: (get) => {
    it('without the token pi cannot connect (401), and says so instead of hanging', T, async () => {
      const { f0 } = get();
      const m = new McpServerManager(SANDBOX);
      m.setDefaultRequestTimeoutMs(5000);
      try {
        const c = await withTimeout(m.connect('f0-noauth', { url: f0.url }).catch((e) => e), 15_000, 'pi connect without token');
        assert.ok(c instanceof Error || c.status !== 'connected', `connected without a token: ${show(c?.status)}`);
      } finally {
        await m.closeAll().catch(() => {});
      }
    });
  },
});

transportSuite('streamable HTTP with the token as a header (headers: {Authorization: "Bearer ${VAR}"})', {
  start: (root) => startHttpServer(['--root', root, '--net-allow', 'loopback', '--auth-token-env', 'F0_E2E_PI_TOKEN'], { env: { F0_E2E_PI_TOKEN: TOKEN } }),
  definition: (f0) => ({ url: f0.url, headers: { Authorization: 'Bearer ${F0_E2E_PI_TOKEN}' } }),
});

transportSuite('streamable HTTP, --stateless, pi pinned to protocol 2026-07-28', {
  start: (root) => startHttpServer(['--root', root, '--net-allow', 'loopback', '--stateless']),
  definition: (f0) => ({ url: f0.url, protocolVersion: '2026-07-28' }),
  extraChecks: (get) => {
    it('the stateless 2026-07-28 revision was negotiated', T, () => {
      assert.equal(get().conn.client.getNegotiatedProtocolVersion(), '2026-07-28');
    });
  },
});

// ---------------------------------------------------------------------------

function namingSuite(label, f0Args, expectName, { schemas = false } = {}) {
  describe(`pi-mcp-adapter ${PI_VERSION} naming: f0 serve ${f0Args.join(' ') || '(defaults)'}${label}`, () => {
    let manager;
    let conn;
    let definition;
    let tools;
    before(async () => {
      manager = new McpServerManager(SANDBOX);
      manager.setDefaultRequestTimeoutMs(CALL_TIMEOUT_MS);
      definition = { command: f0Bin(), args: ['serve', ...f0Args] };
      conn = await withTimeout(manager.connect('f0', definition), 20_000, 'pi connect');
      tools = serializeTools(conn.tools);
    }, HOOK);
    after(async () => { await manager?.closeAll().catch(() => {}); }, HOOK);

    it('no f0 tool is named like a pi built-in', T, () => {
      const clash = tools.map((t) => t.name).filter((n) => PI_BUILTINS.includes(n) || PI_BUILTINS.includes(n.replace(/\./g, '_')));
      assert.deepEqual(clash, []);
    });

    for (const mode of MODES) {
      it(`toolPrefix "${mode}": every tool gets a unique final name, none dropped (proxy and directTools: true)`, T, () => {
        const expected = tools.map((t) => formatToolName(t.name, 'f0', mode));
        assert.equal(new Set(expected).size, expected.length, `duplicate final names: ${show(expected)}`);

        const proxy = reconstructToolMetadata('f0', { tools }, mode, definition).map((m) => m.name);
        assert.deepEqual(proxy, expected, 'proxy metadata dropped or renamed tools');

        const def = { ...definition, directTools: true };
        const config = { mcpServers: { f0: def }, settings: { toolPrefix: mode } };
        const direct = resolveDirectTools(config, cacheFor('f0', def, conn), mode).map((s) => s.prefixedName);
        assert.deepEqual(direct, expected, 'direct tools dropped or renamed tools');

        for (const n of expected) {
          assert.match(n, NAME_RE, `final name ${n} breaks provider tool-name rules`);
          assert.ok(!PI_BUILTINS.includes(n), `${n} collides with a pi built-in`);
        }
        if (expectName) {
          for (const t of tools) assert.equal(formatToolName(t.name, 'f0', mode), expectName(mode, t.name));
        }
      });
    }

    if (schemas) it('every tool schema works in pi: each example passes the proxy Ajv check and the direct-tool schema check', T, () => {
      const problems = [];
      for (const t of conn.tools) {
        let validate;
        try {
          validate = validator.getValidator(t.inputSchema);
        } catch (e) {
          problems.push(`${t.name}: pi's Ajv cannot compile the input schema (pi then skips validation): ${e.message}`);
          continue;
        }
        const shown = normalizeDirectToolInputSchema(t.inputSchema);
        // The example payload is in the description (no examples keyword: Gemini refuses unknown keywords);
        // every example is in tools_describe.
        const examples = (t.description || '').split('\n').filter((l) => l.includes('Example: ')).map((l) => JSON.parse(l.slice(l.indexOf('Example: ') + 'Example: '.length)));
        if (t.inputSchema.examples) problems.push(`${t.name}: examples keyword in inputSchema`);
        if (!examples.length) problems.push(`${t.name}: no "Example: {…}" line in the description`);
        for (const ex of examples) {
          const r = validate(ex);
          if (!r.valid) problems.push(`${t.name}: example ${JSON.stringify(ex)} fails pi's Ajv: ${r.errorMessage}`);
          if (!Check(shown, ex)) problems.push(`${t.name}: example ${JSON.stringify(ex)} fails pi's direct-tool schema check`);
        }
      }
      assert.deepEqual(problems, []);
    });
  });
}

namingSuite('', [], (mode, name) => ({ server: `f0_${name}`, short: `f0_${name}`, none: name, mcp: `mcp__f0_${name}` })[mode], { schemas: true });
namingSuite(' (a --tools-prefix on top of pi\'s prefix)', ['--tools-prefix', 'p'], (mode, name) => ({ server: `f0_${name}`, short: `f0_${name}`, none: name, mcp: `mcp__f0_${name}` })[mode]);
// pi does not add its prefix when the name already starts with it: f0_net_curl stays f0_net_curl.
namingSuite(' (--tools-prefix equal to pi\'s server name)', ['--tools-prefix', 'f0'], (mode, name) => ({ server: name, short: name, none: name, mcp: `mcp__f0_${name}` })[mode]);

// f0 in front of the official filesystem server and server-everything (issue 15): pi sees their tools under
// unique names with schemas its Ajv and direct-tool check accept, and reaches them through f0.
const UPSTREAM_ROOT = tempDir('f0-pi-upstream-', { 'up.txt': `${MARKER} upstream\n` });
namingSuite(' (the filesystem server and server-everything behind f0)', ['--access', 'admin', '--root', UPSTREAM_ROOT, ...upstreamFlags(UPSTREAM_ROOT)],
  (mode, name) => ({ server: `f0_${name}`, short: `f0_${name}`, none: name, mcp: `mcp__f0_${name}` })[mode], { schemas: true });

describe(`pi-mcp-adapter ${PI_VERSION} → f0 → the filesystem server`, () => {
  let manager;
  let conn;
  let config;
  before(async () => {
    manager = new McpServerManager(SANDBOX);
    manager.setDefaultRequestTimeoutMs(CALL_TIMEOUT_MS);
    const definition = { command: f0Bin(), args: ['serve', '--root', UPSTREAM_ROOT, ...upstreamFlags(UPSTREAM_ROOT)] };
    config = { mcpServers: { f0: definition } };
    conn = await withTimeout(manager.connect('f0', definition), 30_000, 'pi connect');
  }, HOOK);
  after(async () => { await manager?.closeAll().catch(() => {}); }, HOOK);

  it('the proxy path: mcp({tool: "f0_files_read_text_file", args: "<JSON string>"}) passes Ajv and returns the file', T, async () => {
    const meta = reconstructToolMetadata('f0', { tools: serializeTools(conn.tools) }, 'server', config.mcpServers.f0);
    const toolMeta = meta.find((m) => m.name === 'f0_files_read_text_file');
    assert.ok(toolMeta, show(meta.map((m) => m.name)));
    const args = normalizeToolArguments(JSON.stringify({ path: path.join(UPSTREAM_ROOT, 'up.txt') }));
    assert.equal(proxyValidationError(toolMeta.inputSchema, args), null);
    const res = await piCall(manager, config, 'f0', toolMeta.originalName, args);
    assert.notEqual(res.isError, true, show(res));
    assert.equal(resultText(res), `${MARKER} upstream\n`);
  });

  it('a wrong call to an upstream tool is an isError result and the connection stays up', T, async () => {
    const bad = await piCall(manager, config, 'f0', 'files_read_text_file', { pth: 'up.txt' });
    assert.equal(bad.isError, true, show(bad));
    assert.match(resultText(bad), /did you mean "path"/);
    const ok = await piCall(manager, config, 'f0', 'everything_echo', { message: 'hi' });
    assert.match(resultText(ok), /hi/, show(ok));
  });
});
