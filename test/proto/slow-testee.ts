/**
 * A testee program that is correct but slow: each request takes MS milliseconds of its own, one
 * after another, like a codec that runs an external program per request:
 *   node --import tsx test/proto/slow-testee.ts MS
 * It is served by the shipped server loop (`serve`), reporting each answer when it has it. Encode
 * answers empty bytes and decode an empty message: the tests that use it look at timing, not values.
 */
import type { Answer, Request } from '../../src/proto/protocol.ts';
import type { Codec } from '../../src/proto/testee.ts';
import { serve } from '../../src/proto/testees/codec.ts';

const ms = Number(process.argv[2]);
if (!Number.isInteger(ms) || ms < 0) {
  process.stderr.write('usage: slow-testee.ts MS\n');
  process.exit(2);
}

function answerTo(r: Request): Answer {
  if (r.op === 'hello') return { id: r.id, name: 'slow', version: '0', ops: ['encode', 'decode'] };
  if (r.op === 'encode') return { id: r.id, bytes: '' };
  if (r.op === 'decode') return { id: r.id, json: {} };
  return { id: r.id, skipped: 'not offered' };
}

const codec: Codec = {
  name: 'slow',
  version: '0',
  ops: ['encode', 'decode'],
  async handle(requests, answered) {
    const answers: Answer[] = [];
    for (const [i, r] of requests.entries()) {
      // The request's own work; the hello is the readiness signal and answers at once.
      if (r.op !== 'hello') await new Promise((resolve) => setTimeout(resolve, ms));
      answers.push(answerTo(r));
      answered?.(i, answers[i]!);
    }
    return answers;
  },
};

serve(codec);
