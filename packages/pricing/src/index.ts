export * from './money';
export * from './dates';
export * from './rules';
export * from './engine';
export * from './restrictions';
export * from './diff';
export * from './forecast';
export * from './rate-sheet';
