const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a URL is looked up only when it can be one of ours: PostgreSQL refuses a malformed uuid with an error, not a miss. */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
