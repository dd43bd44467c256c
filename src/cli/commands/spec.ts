import { Option } from 'commander';
import { stringify } from 'yaml';
import type { Variant } from '../../../specs/model/index.ts';
import { requirementsFor } from '../../../specs/requirements/index.ts';
import { generateOpenApi, serializeOpenApi } from '../../spec/openapi.ts';
import { renderRequirementsDoc } from '../../spec/requirements-doc.ts';
import { EXIT, UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';

export const registerSpec: RegisterCommand = (program, setExit) => {
  program
    .command('spec')
    .description('Print the OpenAPI 3.1 description of a variant, generated from the spec model, or its requirement catalogue.')
    .addOption(new Option('--variant <variant>', 'variant of the API').choices(['A', 'B']).default('A'))
    .addOption(new Option('--format <format>', 'output format of the OpenAPI description').choices(['json', 'yaml']).default('json'))
    .option('--requirements', 'print the requirement catalogue of the variant (one line each) instead')
    .option('--document', 'print the full requirements document (specs/REQUIREMENTS.md) instead')
    .option('--explain <requirement-id>', 'explain one requirement: statement, basis, checks (file:line), faults and readings')
    .option('--coverage', 'print, for every parameter of every operation, whether a check observes its effect (effect / accepted only / not checkable / not checked)')
    .action(async (opts: { variant: Variant; format: 'json' | 'yaml'; requirements?: boolean; document?: boolean; explain?: string; coverage?: boolean }) => {
      if (opts.coverage) {
        const { renderCoverage } = await import('../../spec/coverage.ts');
        process.stdout.write(renderCoverage(opts.variant));
      } else if (opts.explain !== undefined) {
        const { explainRequirement, similarRequirements } = await import('../../spec/explain.ts');
        const { hasRequirement } = await import('../../../specs/requirements/index.ts');
        if (!hasRequirement(opts.explain)) {
          const near = similarRequirements(opts.explain);
          throw new UsageError(`unknown requirement "${opts.explain}"${near.length ? `; did you mean ${near.join(', ')}?` : '; list them with: conform spec --requirements'}`);
        }
        process.stdout.write(explainRequirement(opts.explain));
      } else if (opts.document) {
        process.stdout.write(renderRequirementsDoc());
      } else if (opts.requirements) {
        // Id, level, basis, mutation coverage (distinct faults of the reference server that break it), statement.
        const { faultsByRequirement } = await import('../../server/faults.ts');
        const faults = faultsByRequirement(opts.variant);
        for (const r of requirementsFor(opts.variant)) {
          const n = faults.get(r.id) ?? 0;
          process.stdout.write(`${r.id}\t${r.level}\t${r.basis}\t${n} ${n === 1 ? 'fault' : 'faults'}\t${r.statement}\n`);
        }
      } else {
        const doc = generateOpenApi(opts.variant);
        process.stdout.write(opts.format === 'yaml' ? stringify(doc, { lineWidth: 0 }) : serializeOpenApi(doc));
      }
      setExit(EXIT.ok);
    });
};
