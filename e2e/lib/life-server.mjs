// A small MCP server (the TypeScript SDK's low-level Server, over stdio) to put behind f0 as an
// upstream in gateway-life.test.mjs. Its tools:
//   wait  — runs until cancelled, after one progress notification; when the cancellation arrives it
//           appends "cancelled <request id> <reason>" to the file $LIFE_LOG;
//   grow  — adds the tool grown and sends notifications/tools/list_changed;
//   grown — (after grow) echoes its word;
//   echo  — echoes its word.
// With LIFE_FAIL=1 it writes a line on stderr and exits 3 before answering anything.

import { appendFileSync } from 'node:fs';

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

if (process.env.LIFE_FAIL === '1') {
  process.stderr.write('life-server: refusing to start (LIFE_FAIL=1)\n');
  process.exit(3);
}

const empty = { type: 'object', properties: {} };
const tools = [
  { name: 'wait', description: 'Run until cancelled, reporting progress once.', inputSchema: empty, annotations: { readOnlyHint: true } },
  { name: 'grow', description: 'Add the tool grown.', inputSchema: empty, annotations: { readOnlyHint: true } },
  { name: 'echo', description: 'Echo a word.', inputSchema: { type: 'object', properties: { word: { type: 'string' } } }, annotations: { readOnlyHint: true } },
];
const grown = {
  name: 'grown',
  description: 'Echo a word (added while the server runs).',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  annotations: { readOnlyHint: true },
};

const server = new Server({ name: 'life', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
  const { name, arguments: args = {} } = req.params;
  switch (name) {
    case 'wait': {
      const token = req.params._meta?.progressToken;
      if (token !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: 'waiting' } });
      }
      await new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          appendFileSync(process.env.LIFE_LOG, `cancelled ${extra.requestId} ${extra.signal.reason ?? ''}\n`);
          resolve();
        }, { once: true });
      });
      return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
    }
    case 'grow':
      if (!tools.includes(grown)) tools.push(grown);
      await server.sendToolListChanged();
      return { content: [{ type: 'text', text: 'grew' }] };
    case 'echo':
      return { content: [{ type: 'text', text: `echo ${args.word}` }] };
    case 'grown':
      if (tools.includes(grown)) return { content: [{ type: 'text', text: `grown ${args.word}` }] };
  }
  return { content: [{ type: 'text', text: `no tool ${name}` }], isError: true };
});
await server.connect(new StdioServerTransport());
