import { beforeAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../../specs/model/index.ts';
import { FORMATS, absentOperations, operationsFor, resolveOperation } from '../../../specs/model/index.ts';
import type { Rec, Res, Server } from './helpers.ts';
import { xml } from './helpers.ts';

function concrete(path: string): string {
  return path.replace(/\{[a-z_]+\}/g, '1');
}

function call(s: Server, method: string, path: string): Promise<Res> {
  return method === 'GET' ? s.get(path) : s.send(method as 'POST' | 'PUT' | 'DELETE', path);
}

/** The envelope of a JSON or XML body, or undefined when the body is not one. */
function envelope(res: Res, format: 'json' | 'xml'): { success: unknown; reason: unknown } | undefined {
  if (format === 'json') {
    const b = res.body as Rec | undefined;
    return b && typeof b === 'object' && 'success' in b ? { success: b.success, reason: b.reason } : undefined;
  }
  const doc = xml.parse(res.text) as { response?: Rec };
  return doc.response ? { success: doc.response['@_success'], reason: doc.response['@_reason'] } : undefined;
}

export function everyOperation(server: () => Server, variant: Variant): void {
  describe(`every operation of ${variant}`, () => {
    let s: Server;
    beforeAll(() => {
      s = server();
    });

    it('serves every documented operation in both formats (no "not implemented")', async () => {
      for (const op of operationsFor(variant)) {
        for (const format of FORMATS) {
          const res = await call(s, op.method, concrete(op.pathFor(format)));
          const e = envelope(res, format);
          expect(String(e?.reason ?? ''), `${op.id} ${format}`).not.toMatch(/not implemented/);
          expect(res.status, `${op.id} ${format}`).toBeLessThan(500);
          if (format === 'xml') expect(() => xml.parse(res.text, true), `${op.id} xml`).not.toThrow();
          else expect(() => JSON.parse(res.text) as unknown, `${op.id} json`).not.toThrow();
        }
      }
    });

    it('answers the other variant\'s operations 404 with the envelope', async () => {
      const absent = absentOperations(variant);
      // A has every operation of B: only B has absent operations to try.
      if (variant === 'B') expect(absent.length).toBeGreaterThan(0);
      for (const spec of absent) {
        const other: Variant = variant === 'A' ? 'B' : 'A';
        const op = resolveOperation(spec, other);
        for (const format of FORMATS) {
          const res = await call(s, op.method, concrete(op.pathFor(format)));
          expect(res.status, `${op.id} ${format}`).toBe(404);
          const e = envelope(res, format);
          expect(e, `${op.id} ${format}`).toBeDefined();
          expect(String(e!.success), `${op.id} ${format}`).toBe('false');
          expect(typeof e!.reason).toBe('string');
        }
      }
    });
  });
}
