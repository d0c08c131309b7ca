export * from './collections';
export * from './operation';
export * from './registry';
export * from './params';
export * from './paths';
