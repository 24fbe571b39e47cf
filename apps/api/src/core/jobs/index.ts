export type { JobPayloads, JobType } from './registry';
export { jobsRepository, type EnqueueOptions, type JobRow } from './repository';
export {
  Interrupted,
  jobRunner,
  LeaseLost,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
} from './runner';
