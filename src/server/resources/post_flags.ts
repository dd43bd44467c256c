/** Post flags (a post flagged for deletion): create and list with their searches (see ../post-reports.ts). */
import type { ReportKind } from '../post-reports.ts';
import { createReport, listReports } from '../post-reports.ts';
import type { ResourceModule } from '../registry.ts';

const FLAGS: ReportKind = { table: 'post_flags', prefix: 'post_flag', flags: true, postIdIgnored: 'post_flags-post-id-ignored', notListed: 'flags-not-listed', reasonCut: 'flag-reason-cut-at-ampersand' };

export const postFlagsModule: ResourceModule = {
  resource: 'post_flags',
  handlers: {
    'post_flags.list': listReports(FLAGS),
    'post_flags.create': createReport(FLAGS),
  },
  faults: [
    { id: 'flag-reason-cut-at-ampersand', requirements: ['IB-3-flag-for-deletion'], summary: 'A flag\'s reason is stored up to its first `&` (read again as a query string).', caughtBy: 'post_flags/flag-for-deletion' },
    { id: 'flags-not-listed', requirements: ['IB-3-flag-for-deletion'], summary: 'Post flags are saved but never listed.' },
    { id: 'post_flags-post-id-ignored', requirements: ['IB-4-post_flags-search-post_id'], summary: 'search[post_id] on post flags is ignored.', caughtBy: 'effects/post_flags.list/post_id' },
  ],
};
