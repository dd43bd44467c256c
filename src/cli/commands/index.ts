import type { RegisterCommand } from '../command.ts';
import { registerAudit } from './audit.ts';
import { registerCheck } from './check.ts';
import { registerCompare } from './compare.ts';
import { registerDetect } from './detect.ts';
import { registerMerge } from './merge.ts';
import { registerProto } from './proto.ts';
import { registerProxy } from './proxy.ts';
import { registerServe } from './serve.ts';
import { registerSpec } from './spec.ts';

export type { RegisterCommand } from '../command.ts';

export const commands: RegisterCommand[] = [
  registerSpec,
  registerCheck,
  registerCompare,
  registerDetect,
  registerProto,
  registerServe,
  registerProxy,
  registerAudit,
  registerMerge,
];
