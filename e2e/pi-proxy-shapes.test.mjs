// The seeds' natural shapes through pi's own validation (issue 23, part 7): the pi coding agent (npm
// @earendil-works/pi-coding-agent, pinned) with pi-mcp-adapter (pinned) as its extension, a scripted fake
// model on 127.0.0.1 (lib/fake-openai.mjs), and f0 configured as the README says. Behind the adapter's
// proxy tool `mcp`, pi validates the arguments with Ajv against f0's published schema before f0 sees
// them (proxy-modes.ts proxyArgumentValidationError), and pi checks a direct tool's arguments against the
// schema it shows the model. The two shapes models send unprompted must pass both and reach the server:
//   {"args": ["-L", "https://…"]}                                     curl words as a list
//   {"url": …, "method": "GET", "headers": {"accept": "application/json"}}   headers as an object
// Before f0 published these shapes pi refused them ("data/args must be string", "data/headers must be
// array"). A call the published schema does not admit is still refused by pi: the check is live.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { f0Bin } from './lib/f0.mjs';
import { startTargetServer, tempDir } from './lib/procs.mjs';
import { ADAPTER, PI_PKG, runPi, version } from './lib/pi.mjs';
import { startFakeModel } from './lib/fake-openai.mjs';


const lastResult = (body) => {
  const t = body.messages.filter((m) => m.role === 'tool').at(-1);
  return typeof t.content === 'string' ? t.content : t.content.map((c) => c.text ?? '').join('');
};

describe(`pi ${version(PI_PKG)} + pi-mcp-adapter ${version(ADAPTER)}: the natural shapes pass pi's validation and reach f0`, { timeout: 240_000 }, () => {
  let model, target, piRun;
  const results = {};

  before(async () => {
    target = await startTargetServer();
    const work = tempDir('f0-pi-shapes-work-');
    const home = tempDir('f0-pi-shapes-home-');
    const netLog = path.join(home, 'net.log');
    writeFileSync(netLog, '');
    const agent = path.join(home, '.pi', 'agent');
    mkdirSync(agent, { recursive: true });

    // Each step records the result of the call before it, then makes the next call.
    const calls = [
      ['proxy words', 'mcp', { tool: 'f0_net_curl', args: { args: ['-L', `${target.url}/proxy-words`] } }],
      ['proxy headers', 'mcp', { tool: 'f0_net_curl', args: JSON.stringify({ url: `${target.url}/proxy-headers`, method: 'GET', headers: { accept: 'application/json' } }) }],
      ['direct words', 'f0_net_curl', { args: ['-L', `${target.url}/direct-words`] }],
      ['direct headers', 'f0_net_curl', { url: `${target.url}/direct-headers`, method: 'GET', headers: { accept: 'application/json' } }],
      ['proxy refused', 'mcp', { tool: 'f0_net_curl', args: { url: `${target.url}/refused`, headers: 42 } }],
    ];
    let step = 0;
    model = await startFakeModel((body) => {
      if (step > 0) results[calls[step - 1][0]] = lastResult(body);
      if (step === calls.length) return { text: 'All fetched.' };
      const [, name, args] = calls[step++];
      return { toolCalls: [{ name, arguments: args }] };
    });

    writeFileSync(path.join(agent, 'models.json'), JSON.stringify({
      providers: {
        fake: {
          baseUrl: model.baseUrl, api: 'openai-completions', apiKey: 'fake-key',
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: 'fake-model', contextWindow: 200000, maxTokens: 4096 }],
        },
      },
    }));
    writeFileSync(path.join(agent, 'mcp.json'), JSON.stringify({
      mcpServers: {
        f0: { command: f0Bin(), args: ['serve', '--root', work, '--net-allow', 'loopback'], directTools: ['net_curl'] },
      },
    }));

    piRun = await runPi({ cwd: work, home: home, agent: agent, netLog: netLog, prompt: 'Fetch the pages.' });
    assert.equal(readFileSync(netLog, 'utf8'), '', 'pi tried to connect beyond loopback');
  });

  after(async () => {
    await model?.close();
    await target?.close();
  });

  it('pi runs the whole turn', () => {
    assert.equal(piRun.code, 0, `pi exited ${piRun.code}:\n${piRun.stdout}\n${piRun.stderr}`);
    assert.match(piRun.stdout, /All fetched\./);
  });

  for (const via of ['proxy', 'direct']) {
    it(`${via}: {"args": ["-L", url]} passes pi's check and f0 requests the URL`, () => {
      const text = results[`${via} words`];
      assert.match(text, new RegExp(`target-ok /${via}-words`), text);
      assert.ok(target.hits.some((h) => h.path === `/${via}-words`), `f0 never requested /${via}-words`);
    });

    it(`${via}: {"url", "method", "headers": {"accept": …}} passes pi's check and f0 sends the header`, () => {
      const text = results[`${via} headers`];
      assert.match(text, new RegExp(`target-ok /${via}-headers`), text);
      const hit = target.hits.find((h) => h.path === `/${via}-headers`);
      assert.ok(hit, `f0 never requested /${via}-headers`);
      assert.equal(hit.headers.accept, 'application/json');
    });
  }

  it('a call the published schema does not admit is refused by pi before f0 sees it (the check is live)', () => {
    assert.match(results['proxy refused'], /headers must be object/, results['proxy refused']);
    assert.ok(!target.hits.some((h) => h.path === '/refused'), 'f0 requested a URL pi should have refused');
  });
});
