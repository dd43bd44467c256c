// `npm run generate`: rewrites the generated files of specs/ (OpenAPI descriptions, REQUIREMENTS.md).
import { writeGenerated } from './generated.ts';

const written = await writeGenerated();
process.stdout.write(written.length ? `wrote ${written.join(', ')}\n` : 'generated files are up to date\n');
