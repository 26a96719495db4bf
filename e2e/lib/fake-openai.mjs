// A fake OpenAI-compatible model on 127.0.0.1: POST /v1/chat/completions answers with the next
// step of a script, streamed (SSE) or not, as the request asks. Every request body is recorded,
// so a test can assert what the model was shown: the tool list, the tool results.
//
// The script is a function (body, requests) → { text } | { toolCalls: [{ name, arguments }] },
// called for every request; or a list of such functions, one per request, after which the model
// answers "done.".

import http from 'node:http';

export async function startFakeModel(script) {
  let step = 0;
  const next = typeof script === 'function' ? script
    : (body, requests) => (step < script.length ? script[step++](body, requests) : { text: 'done.' });
  return startRecordingModel('/chat/completions', next, reply);
}

/**
 * A fake model on 127.0.0.1 that answers POST …path (a string the URL ends with, or a RegExp it
 * matches): it records every request body and answers with reply(res, body, answer, n, url), answer
 * being script(body, requests, url). Shared by the chat completions fake here and the fakes of the
 * Responses API (fake-responses.mjs), Gemini (fake-gemini.mjs) and Anthropic (fake-anthropic.mjs).
 */
export async function startRecordingModel(path, script, reply) {
  const requests = [];
  const served = typeof path === 'string' ? (url) => url.endsWith(path) : (url) => path.test(url);
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      if (req.method !== 'POST' || !served(req.url)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `fake model: no ${req.method} ${req.url}` } }));
        return;
      }
      let body;
      try { body = JSON.parse(raw); } catch (e) {
        res.writeHead(400); res.end(String(e)); return;
      }
      requests.push(body);
      let answer;
      try {
        answer = script(body, requests, req.url);
      } catch (e) {
        answer = { text: `fake model: script step failed: ${e.stack || e}` };
      }
      reply(res, body, answer, requests.length, req.url);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

function reply(res, body, answer, n) {
  const id = `chatcmpl-${n}`;
  const created = Math.floor(Date.now() / 1000);
  const toolCalls = (answer.toolCalls || []).map((c, i) => ({
    index: i, id: `call_${n}_${i}`, type: 'function',
    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
  }));
  const finish = toolCalls.length ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
  if (!body.stream) {
    const message = { role: 'assistant', content: answer.text ?? null };
    if (toolCalls.length) message.tool_calls = toolCalls.map(({ index, ...c }) => c);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message, finish_reason: finish }], usage }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta, finishReason = null, extra = {}) => res.write(`data: ${JSON.stringify({
    id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra,
  })}\n\n`);
  chunk({ role: 'assistant', content: answer.text ?? '' });
  if (toolCalls.length) chunk({ tool_calls: toolCalls });
  chunk({}, finish);
  res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`);
  res.write('data: [DONE]\n\n');
  res.end();
}
