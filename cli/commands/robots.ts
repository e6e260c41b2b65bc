/** `robotlens robots`: wired once the robots.txt engine lands (issue: job 2). */
import { UsageError } from '../usage-error.ts';

export async function runRobots(_args: string[]): Promise<number> {
  throw new UsageError('robots: the robots.txt audit is not available in this build yet');
}
