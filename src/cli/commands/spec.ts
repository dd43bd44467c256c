import { Option } from 'commander';
import type { Variant } from '../../../specs/model/index.ts';
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
    // What each form prints is loaded only when it runs: every other command starts without it.
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
        const { renderRequirementsDoc } = await import('../../spec/requirements-doc.ts');
        process.stdout.write(renderRequirementsDoc());
      } else if (opts.requirements) {
        // Id, level, basis, mutation coverage (distinct faults of the reference server that break it), statement.
        const { faultsByRequirement } = await import('../../server/faults.ts');
        const { requirementsFor } = await import('../../../specs/requirements/index.ts');
        const faults = faultsByRequirement(opts.variant);
        for (const r of requirementsFor(opts.variant)) {
          const n = faults.get(r.id) ?? 0;
          process.stdout.write(`${r.id}\t${r.level}\t${r.basis}\t${n} ${n === 1 ? 'fault' : 'faults'}\t${r.statement}\n`);
        }
      } else {
        const { generateOpenApi, serializeOpenApi } = await import('../../spec/openapi.ts');
        const doc = generateOpenApi(opts.variant);
        process.stdout.write(opts.format === 'yaml' ? (await import('yaml')).stringify(doc, { lineWidth: 0 }) : serializeOpenApi(doc));
      }
      setExit(EXIT.ok);
    });
};
