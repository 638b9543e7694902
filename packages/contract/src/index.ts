// Before any schema is built: see zod-setup.ts.
import './zod-setup';

export * from './ctftime';
export * from './divisions';
export * from './enums';
export * from './errors';
export * from './events';
export * from './flag-format';
export * from './languages';
export * from './limits';
export * from './schemas/account';
export * from './schemas/admin';
export * from './schemas/capture';
export * from './schemas/challenge';
export * from './schemas/common';
export * from './schemas/container';
export * from './schemas/game';
export * from './schemas/info';
export * from './schemas/phases';
export * from './schemas/posts';
export * from './schemas/team';
export * from './schemas/tokens';
export * from './schemas/transfer';
export * from './schemas/webhooks';
export * from './schemas/writeups';
export * from './scoreboard-delta';
export * from './scoring';
export * from './theme';
