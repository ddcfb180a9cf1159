export * from './envelope';
export * from './common';
export * from './interview';
export * from './candidate';
export * from './result';
export * from './auth';
export * from './endpoints';
