// A fake Anthropic Messages API on 127.0.0.1 (POST /v1/messages, streamed as SSE or not, as the
// request asks; POST /v1/messages/count_tokens), for agents that speak it (Claude Code, through
// ANTHROPIC_BASE_URL). Every request body is recorded; count_tokens answers a token a 4 characters. The script is a function
// (body, requests, url) → { text } | { toolCalls: [{ name, arguments }] }.

import { startRecordingModel } from './fake-openai.mjs';

export async function startFakeAnthropic(script) {
  const counting = (body, requests, url) => (url.includes('/count_tokens') ? { count: true } : script(body, requests, url));
  const model = await startRecordingModel(/\/v1\/messages(\/count_tokens)?(\?|$)/, counting, reply);
  return { ...model, baseUrl: model.baseUrl.replace(/\/v1$/, '') };
}

function reply(res, body, answer, n) {
  if (answer.count) {
    res.writeHead(200, { 'content-type': 'application/json' });
    // One token per 4 characters of the request, about what Anthropic counts for English text.
    res.end(JSON.stringify({ input_tokens: Math.ceil(JSON.stringify(body).length / 4) }));
    return;
  }
  const content = (answer.toolCalls || []).map((c, i) => ({
    type: 'tool_use', id: `toolu_${n}_${i}`, name: c.name,
    input: typeof c.arguments === 'string' ? JSON.parse(c.arguments) : c.arguments,
  }));
  if (!content.length) content.push({ type: 'text', text: answer.text ?? 'done.' });
  const message = {
    id: `msg_${n}`, type: 'message', role: 'assistant', model: body.model ?? 'fake-model', content,
    stop_reason: content[0].type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(message));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } } });
  content.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    send('content_block_stop', { index });
  });
  send('message_delta', { delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: 10 } });
  send('message_stop', {});
  res.end();
}
