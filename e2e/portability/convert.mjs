// The schema converters agent frameworks run an MCP tool list through before a model sees it, called
// through their own exported entry points (installed at the versions pinned in this folder's
// package.json). Each function takes f0's tools as tools/list shows them and returns what the framework
// would send to its model API. Lives in e2e/portability so that bare imports resolve to this folder's
// node_modules.

import { mcpToFunctionTool } from '@openai/agents-core';
// ADK exports its browser build's files ("./dist/web/*"); toGeminiSchema is what its MCPTool uses for
// a tool's parameters (dist/*/tools/mcp/mcp_tool.js).
import { toGeminiSchema } from '@google/adk/dist/web/utils/gemini_schema_util.js';
import { hasValidTypes } from '@google/gemini-cli-core';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { generateText, jsonSchema, dynamicTool } from 'ai';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** OpenAI Agents SDK: the function tool an MCP tool becomes, with convertSchemasToStrict on. */
export function openaiStrict(tool) {
  const ft = mcpToFunctionTool(tool, { name: 'f0' }, true);
  return { strict: ft.strict, parameters: ft.parameters };
}

/** Google ADK: the Gemini schema of an MCP tool's parameters. */
export function adk(tool) {
  return toGeminiSchema(tool.inputSchema);
}

/** Genkit's Google GenAI plugin: the function declaration a tool becomes (not in its exports map, so
 *  loaded by file; toGeminiTool is what its Gemini model uses for every tool). */
export async function genkit(tool) {
  const { toGeminiTool } = await import(new URL('./node_modules/@genkit-ai/google-genai/lib/common/converters.mjs', import.meta.url));
  return toGeminiTool({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).parameters;
}

/** gemini-cli (0.7, the last with the check): a tool whose schema fails this is skipped with
 *  "missing types in its parameter schema". */
export function geminiCliAccepts(tool) {
  return hasValidTypes(tool.inputSchema);
}

/** LangChain: tools loaded from a live f0 over stdio by @langchain/mcp-adapters, bound to
 *  ChatGoogleGenerativeAI; returns the function declarations it would send to Gemini. */
export async function langchain(bin, args) {
  const client = new Client({ name: 'f0-portability', version: '0' });
  await client.connect(new StdioClientTransport({ command: bin, args: ['serve', ...args], stderr: 'ignore' }));
  try {
    const tools = await loadMcpTools('f0', client);
    const model = new ChatGoogleGenerativeAI({ model: 'gemini-2.5-flash', apiKey: 'not-used' });
    const params = model.invocationParams({ tools });
    return params.tools.flatMap((t) => t.functionDeclarations || []);
  } finally {
    await client.close();
  }
}

/** Vercel AI SDK: generateText with every tool, against a fetch that records the request
 *  @ai-sdk/google would send to Gemini; returns its function declarations. */
export async function vercel(tools) {
  let sent;
  const fetch = async (url, init) => {
    sent = JSON.parse(init.body);
    const body = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 } };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const google = createGoogleGenerativeAI({ apiKey: 'not-used', fetch });
  const set = Object.fromEntries(tools.map((t) => [t.name, dynamicTool({
    description: t.description, inputSchema: jsonSchema(t.inputSchema), execute: async () => '',
  })]));
  await generateText({ model: google('gemini-2.5-flash'), prompt: 'list the tools', tools: set });
  return sent.tools.flatMap((t) => t.functionDeclarations || []);
}
