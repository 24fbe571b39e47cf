export * from './types';
export { suggestSettings } from './suggest';
export { applyProposal } from './apply';
