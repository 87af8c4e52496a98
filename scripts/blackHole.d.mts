/** A TCP server on 127.0.0.1 that accepts and, while silent, never answers. */
export interface BlackHole {
  /** Its port on 127.0.0.1. */
  port: number;
  /** From now on, no byte is relayed either way (open connections stall too). */
  silence(): void;
  /** Relays again (only when started with `forwardTo`). */
  resume(): void;
  /** Destroys every connection and stops listening. */
  close(): Promise<void>;
}

/** Starts one; without `forwardTo` it is silent for good. */
export declare function startBlackHole(options?: {
  forwardTo?: { host: string; port: number };
  silent?: boolean;
}): Promise<BlackHole>;
