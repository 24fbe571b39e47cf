export * from './errors';
export * from './health';
export * from './locales';
export * from './permissions';
export * from './auth';
export * from './business';
export * from './support';
export * from './plans';
