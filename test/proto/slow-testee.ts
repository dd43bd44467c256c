/**
 * A testee program that is correct but slow: each request takes MS milliseconds of its own, one
 * after another, like a codec that runs an external program per request:
 *   node --import tsx test/proto/slow-testee.ts MS [READS_DIR]
 * It is served by the shipped server loop (`serve`), reporting each answer when it has it. Encode
 * answers empty bytes; decode answers `{"batch": N}`, the number of requests in the batch the
 * server loop handed over with it. The tests that use it look at timing and batching, not values.
 * With READS_DIR, every chunk read from stdin creates the file READS_DIR/read-N (N from 1).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer, Request } from '../../src/proto/protocol.ts';
import type { Codec } from '../../src/proto/testee.ts';
import { serve } from '../../src/proto/testees/codec.ts';

const ms = Number(process.argv[2]);
if (!Number.isInteger(ms) || ms < 0) {
  process.stderr.write('usage: slow-testee.ts MS\n');
  process.exit(2);
}

function answerTo(r: Request, batch: number): Answer {
  if (r.op === 'hello') return { id: r.id, name: 'slow', version: '0', ops: ['encode', 'decode'] };
  if (r.op === 'encode') return { id: r.id, bytes: '' };
  if (r.op === 'decode') return { id: r.id, json: { batch } };
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
      answers.push(answerTo(r, requests.length));
      answered?.(i, answers[i]!);
    }
    return answers;
  },
};

const reads = process.argv[3];
if (reads !== undefined) {
  let n = 0;
  process.stdin.on('data', () => writeFileSync(join(reads, `read-${++n}`), ''));
}
serve(codec);
