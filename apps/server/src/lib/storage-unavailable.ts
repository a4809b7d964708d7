/**
 * The store could not be reached or refused to work (the bucket is down, the disk is full):
 * nothing about the request was wrong, so the caller answers 503 and gives back what it took.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`image storage failed to ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}
