// The bounds of one bulk import request, by default (`--max-items`, `--max-bytes`; docs/API.md
// "Import"): config.ts takes them as its defaults and the back-office client batches under them
// when its caller names no others (a server started with other flags).

export const BULK_LIMITS = {
  /** Items of one request. */
  maxItems: 10_000,
  /** Bytes of one request's JSON body. */
  maxBytes: 32 * 1024 * 1024,
} as const;
