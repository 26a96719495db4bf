// Portability: f0's real tools/list (every tool, --access admin, both name styles, with and without
// --tools-prefix) through the schema converters agent frameworks use before a model sees a tool:
// OpenAI Agents (strict mode), Google ADK, Genkit, gemini-cli's type check, LangChain with Gemini, and the
// Vercel AI SDK with Gemini. Every tool must keep all its properties, with a type on every node, no empty
// object and no keyword Gemini refuses; strict mode must convert with every node typed.
//
// The converters are installed from npm at pinned versions in e2e/portability (e2e/run.sh runs npm ci
// there) and called through their own exports (see portability/convert.mjs).
//
// The last group checks that what each converter makes of net_curl still admits the two shapes models
// send unprompted (issue 23, part 7): curl words as a list, headers as an object. A converter that keeps a
// field but narrows it to another shape would leave a validating client refusing the natural call.

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { pathToFileURL } from 'node:url';

import { E2E_DIR, f0Bin } from './lib/f0.mjs';
import { upstreamFlags } from './lib/upstreams.mjs';

const PORTABILITY = path.join(E2E_DIR, 'portability');

// The keys of a Gemini Schema (interface Schema in @google/genai's genai.d.ts); Gemini answers 400 for
// the whole request when a function declaration's parameters hold any other key.
const GEMINI_KEYS = new Set(['anyOf', 'default', 'description', 'enum', 'example', 'format', 'items', 'maxItems',
  'maxLength', 'maxProperties', 'maximum', 'minItems', 'minLength', 'minProperties', 'minimum', 'nullable', 'pattern',
  'properties', 'propertyOrdering', 'required', 'title', 'type']);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);

// The last two also list the tools of the official filesystem server and server-everything behind f0
// (issue 15): f0 publishes their schemas in its portable form.
const CONFIGS = [
  ['--tool-names', 'underscore'],
  ['--tool-names', 'dotted'],
  ['--tool-names', 'underscore', '--tools-prefix', 'f0p'],
  ['--tool-names', 'dotted', '--tools-prefix', 'f0p'],
  ['--tool-names', 'underscore', ...upstreamFlags(E2E_DIR)],
  ['--tool-names', 'dotted', ...upstreamFlags(E2E_DIR)],
].map((flags) => ['--access', 'admin', '--root', E2E_DIR, ...flags]);

/** A short label for a configuration: its flags, upstreams by name only. */
function labelOf(flags) {
  return flags.slice(4).map((f) => (f.includes('=') ? f.split('=')[0] + '=…' : f)).join(' ');
}

function listTools(flags) {
  const out = execFileSync(f0Bin(), ['tools', '--json', ...flags], { encoding: 'utf8' });
  return JSON.parse(out).tools;
}

/** Problems of a schema as a Gemini model API receives it, compared with f0's original node. */
function geminiProblems(node, original, where, problems = []) {
  if (!node || typeof node !== 'object') {
    problems.push(`${where}: missing (the converter dropped it)`);
    return problems;
  }
  for (const k of Object.keys(node)) {
    if (!GEMINI_KEYS.has(k)) problems.push(`${where}: keyword ${k} is not in Gemini's Schema`);
  }
  const type = typeof node.type === 'string' ? node.type.toUpperCase() : node.type;
  if (!GEMINI_TYPES.has(type)) problems.push(`${where}: type ${JSON.stringify(node.type)} is not one Gemini type`);
  if (type === 'OBJECT') {
    const want = Object.keys(original?.properties || {});
    const got = Object.keys(node.properties || {});
    if (got.length === 0) problems.push(`${where}: an object without properties`);
    const lost = want.filter((k) => !got.includes(k));
    if (lost.length) problems.push(`${where}: lost properties ${lost.join(', ')}`);
    for (const k of got) geminiProblems(node.properties[k], original?.properties?.[k], `${where}.${k}`, problems);
  }
  if (type === 'ARRAY') geminiProblems(node.items, original?.items, `${where}[]`, problems);
  return problems;
}

/** Problems of an OpenAI strict-mode schema: every node typed, every object closed and fully required. */
function strictProblems(node, original, where, problems = []) {
  if (Array.isArray(node.anyOf)) {
    // An optional field becomes anyOf [its schema, {type: null}] in strict mode.
    const branches = node.anyOf.filter((b) => b.type !== 'null');
    if (node.anyOf.some((b) => !b.type)) problems.push(`${where}: an anyOf branch without a type`);
    for (const b of branches) strictProblems(b, original, where, problems);
    return problems;
  }
  const types = [node.type].flat();
  if (!node.type || types.some((t) => typeof t !== 'string')) problems.push(`${where}: no type`);
  if (types.includes('object')) {
    const got = Object.keys(node.properties || {});
    const lost = Object.keys(original?.properties || {}).filter((k) => !got.includes(k));
    if (lost.length) problems.push(`${where}: lost properties ${lost.join(', ')}`);
    if (node.additionalProperties !== false) problems.push(`${where}: additionalProperties is not false`);
    const required = new Set(node.required || []);
    const open = got.filter((k) => !required.has(k));
    if (open.length) problems.push(`${where}: not required in strict mode: ${open.join(', ')}`);
    for (const k of got) strictProblems(node.properties[k], original?.properties?.[k], `${where}.${k}`, problems);
  }
  if (types.includes('array')) {
    if (!node.items) problems.push(`${where}: array without items`);
    else strictProblems(node.items, original?.items, `${where}[]`, problems);
  }
  return problems;
}

describe('portability: f0 tools/list through agent frameworks\' schema converters', () => {
  let convert;
  before(async () => {
    assert.ok(existsSync(path.join(PORTABILITY, 'node_modules')),
      'e2e/portability/node_modules is missing: run e2e/run.sh, or npm ci --omit=optional in e2e/portability');
    convert = await import('./portability/convert.mjs');
  });

  for (const flags of CONFIGS) {
    const label = labelOf(flags);
    describe(label, () => {
      let tools;
      before(() => {
        tools = listTools(flags);
        assert.ok(tools.length >= 15, `only ${tools.length} tools with --access admin`);
      });

      it('OpenAI Agents: strict conversion succeeds with every node typed', () => {
        const problems = [];
        for (const t of tools) {
          const { strict, parameters } = convert.openaiStrict(t);
          if (strict !== true) problems.push(`${t.name}: fell back to non-strict`);
          problems.push(...strictProblems(parameters, t.inputSchema, t.name));
        }
        assert.deepEqual(problems, []);
      });

      it('Google ADK: toGeminiSchema keeps every property, typed, no empty object', () => {
        const problems = tools.flatMap((t) => geminiProblems(convert.adk(t), t.inputSchema, t.name));
        assert.deepEqual(problems, []);
      });

      it('Genkit: toGeminiTool keeps every property, typed, no empty object', async () => {
        const problems = [];
        for (const t of tools) problems.push(...geminiProblems(await convert.genkit(t), t.inputSchema, t.name));
        assert.deepEqual(problems, []);
      });

      it('gemini-cli: no tool is skipped for missing types', () => {
        assert.deepEqual(tools.filter((t) => !convert.geminiCliAccepts(t)).map((t) => t.name), []);
      });

      it('Vercel AI SDK (@ai-sdk/google): every declaration is a Gemini schema with all properties', async () => {
        const decls = await convert.vercel(tools);
        assert.deepEqual(decls.map((d) => d.name).sort(), tools.map((t) => t.name).sort());
        const byName = new Map(tools.map((t) => [t.name, t]));
        const problems = decls.flatMap((d) => geminiProblems(d.parameters, byName.get(d.name).inputSchema, d.name));
        assert.deepEqual(problems, []);
      });

      it('LangChain (@langchain/mcp-adapters + @langchain/google-genai): every declaration is a Gemini schema with all properties', async () => {
        const decls = await convert.langchain(f0Bin(), flags);
        assert.deepEqual(decls.map((d) => d.name).sort(), tools.map((t) => t.name).sort());
        const byName = new Map(tools.map((t) => [t.name, t]));
        const problems = decls.flatMap((d) => geminiProblems(d.parameters, byName.get(d.name).inputSchema, d.name));
        assert.deepEqual(problems, []);
      });
    });
  }
});

// The seeds' natural shapes (Foundation0's notes: what models send unprompted).
const NATURAL = [
  { args: ['-L', 'https://example.com/'] },
  { url: 'https://example.com/', method: 'GET', headers: { accept: 'application/json' } },
];

/** A converted schema read as JSON Schema again: Gemini's upper-case types lower-cased, its own keys dropped. */
function asJsonSchema(node) {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'type') out.type = [v].flat().map((t) => String(t).toLowerCase());
    else if (k === 'properties') out.properties = Object.fromEntries(Object.entries(v).map(([name, p]) => [name, asJsonSchema(p)]));
    else if (!['nullable', 'propertyOrdering', 'example', 'format', 'title'].includes(k)) out[k] = asJsonSchema(v);
  }
  return node.nullable ? { anyOf: [out, { type: 'null' }] } : out;
}

/** The call as a strict-mode model makes it: every property the schema lists is sent, null when not meant. */
function strictCall(schema, value) {
  const branch = schema.anyOf ? schema.anyOf.find((b) => b.type !== 'null') : schema;
  if (!branch?.properties || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(branch.properties).map(([k, p]) => [k, k in value ? strictCall(p, value[k]) : null]));
}

describe('portability: net_curl keeps the natural shapes through every converter', () => {
  let convert;
  let tool;
  let validate;
  before(async () => {
    convert = await import('./portability/convert.mjs');
    tool = listTools(CONFIGS[0]).find((t) => t.name === 'net_curl');
    assert.ok(tool, 'net_curl is not listed');
    // pi-mcp-adapter's validator (Ajv, draft 2020-12), the one its proxy checks arguments with.
    const pi = path.join(E2E_DIR, 'node_modules', 'pi-mcp-adapter', 'dist', 'json-schema-validator.js');
    const validator = (await import(pathToFileURL(pi).href)).createJsonSchemaValidator();
    validate = (schema, value) => validator.getValidator(schema)(value);
  });

  /** Problems of one converted parameters schema with the natural calls. */
  function refusals(parameters, { strict = false } = {}) {
    const schema = strict ? parameters : asJsonSchema(parameters);
    return NATURAL.flatMap((call) => {
      const sent = strict ? strictCall(parameters, call) : call;
      const r = validate(schema, sent);
      return r.valid ? [] : [`${JSON.stringify(sent)}: ${r.errorMessage}`];
    });
  }

  it('the published schema (what pi\'s proxy checks)', () => {
    assert.deepEqual(refusals(tool.inputSchema), []);
  });
  it('OpenAI Agents strict mode: converts, and a strict call in each shape is admitted', () => {
    const { strict, parameters } = convert.openaiStrict(tool);
    assert.equal(strict, true);
    assert.deepEqual(refusals(parameters, { strict: true }), []);
  });
  it('Google ADK', () => assert.deepEqual(refusals(convert.adk(tool)), []));
  it('Genkit', async () => assert.deepEqual(refusals(await convert.genkit(tool)), []));
  it('Vercel AI SDK', async () => assert.deepEqual(refusals((await convert.vercel([tool]))[0].parameters), []));
  it('LangChain', async () => {
    const decls = await convert.langchain(f0Bin(), CONFIGS[0]);
    assert.deepEqual(refusals(decls.find((d) => d.name === 'net_curl').parameters), []);
  });
});
