// A fake Gemini API on 127.0.0.1 (POST /v1beta/models/MODEL:generateContent and
// :streamGenerateContent?alt=sse), for agents that speak it (gemini-cli, through
// GOOGLE_GEMINI_BASE_URL). Every request body is recorded. The script is a function
// (body, requests, url) → { text } | { toolCalls: [{ name, arguments }] } | { json }
// (json: a structured answer, for the side requests that ask for JSON output).

import { startRecordingModel } from './fake-openai.mjs';

export async function startFakeGemini(script) {
  const model = await startRecordingModel(/:(stream)?[gG]enerateContent(\?|$)/, script, reply);
  return { ...model, baseUrl: model.baseUrl.replace(/\/v1$/, '') };
}

function reply(res, _body, answer, _n, url) {
  const parts = (answer.toolCalls || []).map((c) => ({
    functionCall: { name: c.name, args: typeof c.arguments === 'string' ? JSON.parse(c.arguments) : c.arguments },
  }));
  if (!parts.length) parts.push({ text: answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? 'done.') });
  const response = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: 'fake-model',
  };
  if (!url.includes(':streamGenerateContent')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(response));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(`data: ${JSON.stringify(response)}\n\n`);
  res.end();
}
