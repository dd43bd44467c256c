/** The peak resident memory of this process, as report.json's `peakRssBytes` counts it. */
import { readFileSync } from 'node:fs';

/**
 * Peak resident set size of this process, in bytes. On Linux, the high-water mark of its own address
 * space (VmHWM): getrusage's maxrss of a spawned process starts from its parent's size at the fork and
 * is kept across exec, so the suites' process would otherwise count the parent's memory (with the
 * embedded server's database) a second time. Elsewhere, getrusage's maxrss.
 */
export function peakRssBytes(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // No /proc: not Linux.
  }
  return process.resourceUsage().maxRSS * 1024;
}
