export * from './enums';
export * from './errors';
export * from './languages';
export * from './limits';
export * from './schemas/account';
export * from './schemas/common';
export * from './schemas/info';
export * from './theme';
