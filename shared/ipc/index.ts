export * from './contract';
export * from './errors';
export * from './transport';
export * from './dispatcher';
export * from './client';
export * from './wire';
export * from './framed-client';
export * from './framed-host';
