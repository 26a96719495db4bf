// A fake OpenAI Responses API on 127.0.0.1 (POST /v1/responses, streamed as SSE), for agents that
// speak it (the Codex CLI). Every request body is recorded. The script is a function
// (body, requests) → { text } | { toolCalls: [{ name, namespace?, arguments }] }.

import { startRecordingModel } from './fake-openai.mjs';

export function startFakeResponses(script) {
  return startRecordingModel('/responses', script, reply);
}

function reply(res, _body, answer, n) {
  const id = `resp_${n}`;
  const items = (answer.toolCalls || []).map((c, i) => ({
    type: 'function_call', id: `fc_${n}_${i}`, call_id: `call_${n}_${i}`, name: c.name,
    ...(c.namespace ? { namespace: c.namespace } : {}),
    arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
  }));
  if (!items.length) {
    items.push({ type: 'message', id: `msg_${n}`, role: 'assistant', content: [{ type: 'output_text', text: answer.text ?? 'done.', annotations: [] }] });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('response.created', { response: { id, status: 'in_progress', output: [] } });
  items.forEach((item, i) => {
    send('response.output_item.added', { output_index: i, item });
    send('response.output_item.done', { output_index: i, item });
  });
  send('response.completed', {
    response: { id, status: 'completed', output: items, usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } },
  });
  res.end();
}
