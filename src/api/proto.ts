/**
 * The peer-format properties as a library (`imageboard-conform/proto`): the very properties
 * `conform proto` runs (src/proto/properties.ts), over any encoder and decoder in this process,
 * as fast-check properties for `fc.assert`, `fc.check` or `@fast-check/vitest`.
 *
 *   import fc from 'fast-check';
 *   import { peerFormatProperties, protobufjsCodec } from 'imageboard-conform/proto';
 *   for (const p of peerFormatProperties(protobufjsCodec())) {
 *     it.skipIf(p.skip)(p.name, () => fc.assert(p.property, p.parameters));
 *   }
 *
 * A failing property throws an error that names the requirement it breaks and its level
 * (`PB-2-enum-numbers (Required), property enum-numbers: ...`); fast-check's report around it gives
 * the seed and path that reproduce the counterexample (`fc.assert(p.property, { ...p.parameters,
 * seed, path })`). With the same seed and `numRuns` = runs + `p.parameters.examples.length`, a
 * property checks the cases that `conform proto --seed S --runs R` checks.
 */
import fc from 'fast-check';
import { requirement, type Level } from '../../specs/peer/requirements.ts';
import { readGolden } from '../proto/golden.ts';
import { loadSchemaFile, peerSchema, type Schema } from '../proto/model.ts';
import { Failure, Ops, PROPERTIES, Skip, type PeerCodec, type PropertyDef, type SuiteContext } from '../proto/properties.ts';
import { protobufjsParts } from '../proto/testees/protobufjs.ts';

export type { PeerCodec } from '../proto/properties.ts';
export type { Level } from '../../specs/peer/requirements.ts';

export interface PeerFormatOptions {
  /** A proto3 `.proto` file to test against instead of the documented format (as `conform proto --schema`). */
  readonly schema?: string;
  /** Its root message (with `schema`; as `--root-message`). */
  readonly rootMessage?: string;
  /** Property ids to return (default: every property). */
  readonly only?: readonly string[];
  /**
   * Whether a failure filed under a Recommended requirement fails the property (default true). With
   * false, as `conform proto` without `--enforce-recommended`, such a failure passes the case.
   */
  readonly enforceRecommended?: boolean;
}

/** One property of the suite, ready for fast-check. */
export interface PeerFormatProperty {
  /** The property id, as `conform proto --property` takes it: `roundtrip`, `enum-numbers`, ... */
  readonly id: string;
  /** `enum-numbers [PB-2-enum-numbers] (Required)`: a test name. */
  readonly name: string;
  /** The requirement the property checks (a failure may name another it breaks: see the error). */
  readonly requirement: string;
  readonly level: Level;
  readonly title: string;
  /** Why the property has nothing to check (the codec has no `reencode`, the schema no map, ...), or undefined. */
  readonly skip?: string;
  /** The values the property draws. */
  readonly arbitrary: fc.Arbitrary<unknown>;
  /** Checks one value; throws PeerFormatFailure when the codec breaks the requirement. For `@fast-check/vitest`: `test.prop([p.arbitrary], p.parameters)(p.name, p.predicate)`. */
  readonly predicate: (value: unknown) => Promise<void>;
  /** `fc.asyncProperty(arbitrary, predicate)`. */
  readonly property: fc.IAsyncPropertyWithHooks<[unknown]>;
  /**
   * Parameters to spread into those of a run: the values checked before the random ones (fast-check
   * `examples`), and `includeErrorInReport`, so that fast-check's message (the seed, the path, the
   * counterexample) carries the requirement broken as well.
   */
  readonly parameters: { readonly examples: [unknown][]; readonly includeErrorInReport: true };
}

/** A property does not hold: the requirement broken, its level, and what happened. */
export class PeerFormatFailure extends Error {
  override readonly name = 'PeerFormatFailure';
  constructor(
    readonly property: string,
    readonly requirement: string,
    readonly level: Level,
    readonly reason: string,
    /** The bytes involved, in hex. */
    readonly hex?: string,
  ) {
    super(`${requirement} (${level}), property ${property}: ${reason}${hex !== undefined ? `; bytes (hex): ${hex}` : ''}`);
  }
}

function contextOf(options: PeerFormatOptions): SuiteContext {
  if (options.rootMessage !== undefined && options.schema === undefined) throw new Error('rootMessage needs schema (a .proto file)');
  const schema: Schema = options.schema === undefined ? peerSchema() : loadSchemaFile(options.schema, options.rootMessage);
  return { schema, golden: schema.documented ? readGolden().vectors : [] };
}

/**
 * The properties of the peer format (docs/peer-format.md) over `codec`, in the suite's order. Each
 * property is skipped (`skip` set) when the codec lacks an operation it needs or the schema has
 * nothing for it to check; its predicate then passes at once.
 */
export function peerFormatProperties(codec: PeerCodec, options: PeerFormatOptions = {}): PeerFormatProperty[] {
  for (const id of options.only ?? []) if (!PROPERTIES.some((p) => p.id === id)) throw new Error(`unknown property ${JSON.stringify(id)} (known: ${PROPERTIES.map((p) => p.id).join(', ')})`);
  const ctx = contextOf(options);
  const ops = new Ops(codec, ctx.schema);
  const offered = ['encode', 'decode', ...(typeof codec.reencode === 'function' ? ['reencode'] : [])];
  const enforce = options.enforceRecommended ?? true;
  const selected = options.only?.length ? PROPERTIES.filter((p) => options.only!.includes(p.id)) : PROPERTIES;
  return selected.map((p) => propertyOf(p, ops, ctx, offered, enforce));
}

function propertyOf(p: PropertyDef, ops: Ops, ctx: SuiteContext, offered: readonly string[], enforce: boolean): PeerFormatProperty {
  const own = requirement(p.requirement);
  const missing = p.needs.filter((op) => !offered.includes(op));
  const skip = missing.length ? `the codec does not offer ${missing.join(', ')}` : p.inapplicable?.(ctx);
  const base = { id: p.id, name: `${p.id} [${own.id}] (${own.level})`, requirement: own.id, level: own.level, title: p.title };
  if (skip) {
    const arbitrary = fc.constant(undefined);
    const predicate = async (_value: unknown): Promise<void> => {};
    return { ...base, skip, arbitrary, predicate, property: fc.asyncProperty(arbitrary, predicate), parameters: { examples: [], includeErrorInReport: true } };
  }
  const arbitrary = p.arbitrary(ctx);
  const predicate = async (value: unknown): Promise<void> => {
    try {
      await p.check(value, ops, ctx);
    } catch (e) {
      // A case the codec declines is not counted (fast-check's precondition).
      if (e instanceof Skip) fc.pre(false);
      if (!(e instanceof Failure)) throw new PeerFormatFailure(p.id, own.id, own.level, `check failed: ${e instanceof Error ? e.message : String(e)}`);
      const broken = e.requirement ? requirement(e.requirement) : own;
      if (broken.level === 'Recommended' && !enforce) return;
      throw new PeerFormatFailure(p.id, broken.id, broken.level, e.message, e.hex);
    }
  };
  return { ...base, arbitrary, predicate, property: fc.asyncProperty(arbitrary, predicate), parameters: { examples: (p.examples?.(ctx) ?? []).map((e) => [e] as [unknown]), includeErrorInReport: true } };
}

export interface ProtobufjsCodecOptions {
  /** The `.proto` file's text (default: the documented format, proto/peer.proto). */
  readonly source?: string;
}

/**
 * protobufjs over the documented format (or `source`), as the shipped protobufjs testee runs it:
 * ProtoJSON read by protobufjs/ext/protojson, written by `Type.toObject`, unknown fields kept by
 * `reencode`.
 */
export function protobufjsCodec(options: ProtobufjsCodecOptions = {}): Required<PeerCodec> {
  const parts = protobufjsParts(options.source);
  const reencode = parts.reencode!;
  return {
    // The testee's encoder writes into a reused buffer: a property holds the bytes across awaits, so they are copied.
    encode: (type, json) => parts.encode(type, json).slice(),
    decode: (type, bytes) => parts.decode(type, bytes),
    reencode: (type, bytes) => reencode(type, bytes),
  };
}
