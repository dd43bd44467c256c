import type { Command } from 'commander';
import type { RegisterCommand } from '../command.ts';
import type { ProtoOptions, SchemaOptions } from './proto-run.ts';

// The property engine (fast-check, protobufjs, testees) loads only when a proto command runs.
const engine = () => import('./proto-run.ts');

function addSchemaCommand(proto: Command, setExit: (code: number) => void): void {
  proto
    .command('schema')
    .description('compare a candidate .proto with the documented peer message format (or with --against BASE.proto) by wire structure')
    .argument('<candidate>', 'path of the .proto file to check')
    .option('--against <base>', 'compare with this .proto instead of the documented format (e.g. two forks, or old and new)')
    .option('--format <format>', 'text or json', 'text')
    .action(async (candidate: string, opts: SchemaOptions) => {
      setExit((await engine()).runSchema(candidate, opts));
    });
}

export const registerProto: RegisterCommand = (program, setExit) => {
  const proto = program
    .command('proto')
    .description('property-based conformance of peer message encoders (protobufjs in process unless --testee is given)')
    .option('--testee <command>', 'program to test, speaking the testee protocol on stdin/stdout (see docs/peer-format.md)')
    .option('--runs <n>', 'cases per property', '200')
    .option('--seed <s>', 'fast-check seed (printed on every run); reproduces a run')
    .option('--path <path>', 'fast-check path of a counterexample to replay (with one --property)')
    .option('--property <ids>', 'comma-separated property ids to run')
    .option('--failure-list <file>', 'properties expected to fail, one id per line (# comments)')
    .option('--enforce-recommended', 'fail the run on Recommended properties too')
    .option('--report <dir>', 'write DIR/proto-report.json, DIR/junit.xml and DIR/summary.md')
    .option('--schema <file>', 'property-test against this proto3 file instead of the documented format (sent to testees in hello)')
    .option('--root-message <name>', 'root message of --schema (default Common_Message, else the first message)')
    .option('--timeout <ms>', 'how long one answer of an external testee may take, counted from the previous answer or its request, whichever is later', '10000')
    .option('--matrix', 'run every shipped testee and print the cross-implementation matrix')
    .action(async (opts: ProtoOptions) => {
      setExit(await (await engine()).runProto(opts));
    });
  addSchemaCommand(proto, setExit);
};
