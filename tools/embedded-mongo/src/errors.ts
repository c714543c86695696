import { MingoError } from 'mingo/util';

/**
 * Command errors carried back to the driver as `{ ok: 0, errmsg, code, codeName, ...extra }`.
 * The driver turns those into `MongoServerError` with the same `code` and extra fields.
 */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  WriteConcernFailed: 64,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  OperationNotSupportedInTransaction: 263,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  Location40352: 40352,
} as const;

const codeNames = new Map<number, string>(
  Object.entries(ErrorCodes).map(([name, code]) => [code, name]),
);

export function codeName(code: number): string {
  return codeNames.get(code) ?? 'Location' + code;
}

export class CommandError extends Error {
  readonly code: number;
  readonly extra: Record<string, unknown>;

  constructor(code: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    this.extra = extra;
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: codeName(this.code), ...this.extra };
  }
}

export function unsupported(what: string, context = 'in embedded store'): CommandError {
  return new CommandError(ErrorCodes.BadValue, `Unsupported ${what} ${context}`);
}

export function badValue(message: string): CommandError {
  return new CommandError(ErrorCodes.BadValue, message);
}

/** Turns anything thrown while executing a command into a CommandError. */
export function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  // mingo reports invalid arguments (e.g. $multiply on a string) with MingoError: BadValue.
  if (err instanceof MingoError) return new CommandError(ErrorCodes.BadValue, err.message);
  const message = err instanceof Error ? err.message : String(err);
  return new CommandError(ErrorCodes.InternalError, `embedded store internal error: ${message}`);
}
