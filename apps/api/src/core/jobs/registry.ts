/**
 * The job types and their payloads: one entry per type, `'<module>.<job>': payload`. The core
 * names none of the modules' jobs: each one adds its own beside its handlers, by declaration
 * merging, with the name as a constant that every enqueue uses (docs/jobs.md):
 *
 * ```ts
 * export const REPORT_JOB = 'reports.send';
 * declare module '../../core/jobs/registry' {
 *   interface JobPayloads {
 *     [REPORT_JOB]: { reportId: string };
 *   }
 * }
 * ```
 *
 * `register`, `enqueue` and a handler's payload are typed by it, so a job is queued with exactly
 * the payload its handler reads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

/** A registered job type. */
export type JobType = keyof JobPayloads & string;
