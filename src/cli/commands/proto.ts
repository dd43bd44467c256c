import type { Command } from 'commander';
import type { RegisterCommand } from './index.ts';
import type { ProtoOptions } from './proto-run.ts';

// The property engine (fast-check, protobufjs, testees) loads only when a proto command runs.
const engine = () => import('./proto-run.ts');

function addSchemaCommand(proto: Command, setExit: (code: number) => void): void {
  proto
    .command('schema')
    .description('check a candidate .proto against the documented peer message format and report wire drift')
    .argument('<candidate>', 'path of the .proto file to check')
    .action(async (candidate: string) => {
      setExit((await engine()).runSchema(candidate));
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
    .option('--report <dir>', 'write DIR/proto-report.json')
    .option('--timeout <ms>', 'per-request timeout for an external testee', '10000')
    .option('--matrix', 'run every shipped testee and print the cross-implementation matrix')
    .action(async (opts: ProtoOptions) => {
      setExit(await (await engine()).runProto(opts));
    });
  addSchemaCommand(proto, setExit);
};
