/**
 * Tenancy: who the caller is, what its rules allow, and which businesses it reaches. Modules ask
 * here; none decides permissions on its own.
 */
export {
  actorOf,
  isSystem,
  systemCaller,
  type Caller,
  type IntegrationCaller,
  type SystemCaller,
  type UserCaller,
} from './caller';
export { policyFor, rulesFor, type BusinessScope, type Policy } from './policy';
export {
  businessesRepository,
  inScope,
  type BusinessRow,
  type BusinessesRepository,
} from './businesses-repository';
export { reachBusiness } from './reach';
