export * from './defaults';
export * from './format';
export * from './placeholders';
export * from './render';
export * from './sample';
export * from './template';
