/** Post appeals (of a post's deletion): create and list with their searches (see ../post-reports.ts). */
import type { ReportKind } from '../post-reports.ts';
import { createReport, listReports } from '../post-reports.ts';
import type { ResourceModule } from '../registry.ts';

const APPEALS: ReportKind = { table: 'post_appeals', prefix: 'post_appeal', flags: false, postIdIgnored: 'post_appeals-post-id-ignored', reasonCut: 'appeal-reason-cut-at-ampersand' };

export const postAppealsModule: ResourceModule = {
  resource: 'post_appeals',
  handlers: {
    'post_appeals.list': listReports(APPEALS),
    'post_appeals.create': createReport(APPEALS),
  },
  faults: [
    { id: 'appeal-reason-cut-at-ampersand', requirements: ['IB-4-post_appeals-fields'], summary: 'An appeal\'s reason is stored up to its first `&` (read again as a query string).', caughtBy: 'post_appeals/reason' },
    { id: 'post_appeals-post-id-ignored', requirements: ['IB-4-post_appeals-search-post_id'], summary: 'search[post_id] on post appeals is ignored.', caughtBy: 'effects/post_appeals.list/post_id' },
  ],
};
