import type { UserCreateModel } from '@flagpole/contract';
import { limits, teamLimits } from '@flagpole/contract';

/** Why one pasted line cannot be sent; `field` names the column, `line` counts from 1. */
export interface BulkLineError {
  line: number;
  problem:
    | 'columns'
    | 'userName'
    | 'password'
    | 'email'
    | 'realName'
    | 'stdNumber'
    | 'phone'
    | 'teamName'
    | 'duplicateUserName'
    | 'duplicateEmail';
}

export interface BulkParseResult {
  users: (UserCreateModel & { line: number })[];
  errors: BulkLineError[];
}

/** The columns of a pasted line, in order; the last four may be left out. */
export const BULK_COLUMNS = ['userName', 'password', 'email', 'realName', 'stdNumber', 'phone', 'teamName'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{3,}$/;

/** Tabs (pasted from a spreadsheet) win over commas, so a real name may contain a comma in that case. */
function splitLine(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : ',';
  return line.split(separator).map((cell) => cell.trim());
}

function optional(value: string | undefined): string | null {
  return value ? value : null;
}

function lineProblem(user: UserCreateModel): BulkLineError['problem'] | null {
  const nameLength = [...user.userName].length;
  if (nameLength < limits.userName.min || nameLength > limits.userName.max) return 'userName';
  if (user.password.length < limits.password.min || user.password.length > limits.password.max) return 'password';
  if (user.email.length > limits.email.max || !EMAIL.test(user.email)) return 'email';
  if ((user.realName?.length ?? 0) > limits.realName.max) return 'realName';
  if ((user.stdNumber?.length ?? 0) > limits.stdNumber.max) return 'stdNumber';
  if (user.phone && (user.phone.length > limits.phone.max || !PHONE.test(user.phone))) return 'phone';
  if ((user.teamName?.length ?? 0) > teamLimits.name.max) return 'teamName';
  return null;
}

/**
 * Reads users from pasted text, one per line: `userName, password, email[, realName, stdNumber, phone, teamName]`
 * separated by commas or tabs. Blank lines and lines starting with `#` are skipped. Every line with a problem is
 * reported (not just the first) so the admin can fix them all at once; duplicates inside the batch count too.
 */
export function parseBulkUsers(text: string): BulkParseResult {
  const users: BulkParseResult['users'] = [];
  const errors: BulkLineError[] = [];
  const names = new Set<string>();
  const emails = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const cells = splitLine(trimmed);
    if (cells.length < 3 || cells.length > BULK_COLUMNS.length) {
      errors.push({ line, problem: 'columns' });
      return;
    }
    const [userName = '', password = '', email = '', realName, stdNumber, phone, teamName] = cells;
    const user = {
      line,
      userName,
      password,
      email,
      realName: optional(realName),
      stdNumber: optional(stdNumber),
      phone: optional(phone),
      teamName: optional(teamName),
    };
    const problem = lineProblem(user);
    if (problem) {
      errors.push({ line, problem });
      return;
    }
    if (names.has(userName.toLowerCase())) {
      errors.push({ line, problem: 'duplicateUserName' });
      return;
    }
    if (emails.has(email.toLowerCase())) {
      errors.push({ line, problem: 'duplicateEmail' });
      return;
    }
    names.add(userName.toLowerCase());
    emails.add(email.toLowerCase());
    users.push(user);
  });
  return { users, errors };
}

/** The request body: the parsed users without their line numbers. */
export function toCreateModels(users: BulkParseResult['users']): UserCreateModel[] {
  return users.map(({ line: _line, ...user }) => user);
}
