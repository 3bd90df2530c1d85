export * from './client';
export * from './crew';
export * from './ids';
export * from './jobsite';
export * from './list-query';
export * from './text';
export * from './worker';
