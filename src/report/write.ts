/** Writes a run's report directory: report.json and every output rendered from it. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderBadge } from './badge.ts';
import { renderHtml } from './html.ts';
import { renderJUnit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { Report } from './model.ts';

export const REPORT_FILES = ['report.json', 'junit.xml', 'report.html', 'summary.md', 'badge.svg'] as const;

/**
 * Writes report.json and every output rendered from it; returns their paths. Each file is written
 * under another name and renamed into place, so a reader (or a process killed meanwhile) never sees
 * one half written: it finds the previous version or the new one.
 */
export async function writeReport(dir: string, report: Report): Promise<string[]> {
  // Every output is rendered from report.json as written, never from live state.
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const written = JSON.parse(json) as Report;
  const contents: Record<(typeof REPORT_FILES)[number], string> = {
    'report.json': json,
    'junit.xml': renderJUnit(written),
    'report.html': renderHtml(written),
    'summary.md': renderMarkdown(written),
    'badge.svg': renderBadge(written),
  };
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const name of REPORT_FILES) {
    const file = join(dir, name);
    const part = join(dir, `.${name}.${process.pid}.part`);
    try {
      await writeFile(part, contents[name]);
      await rename(part, file);
    } catch (err) {
      await rm(part, { force: true }).catch(() => undefined);
      throw err;
    }
    files.push(file);
  }
  return files;
}
