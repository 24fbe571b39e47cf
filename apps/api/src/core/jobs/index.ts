export type { JobPayloads, JobType } from './registry';
export { jobsRepository, type ClaimScope, type EnqueueOptions, type JobRow } from './repository';
export {
  Interrupted,
  jobLanes,
  jobRunner,
  LeaseLost,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  type LaneName,
} from './runner';
