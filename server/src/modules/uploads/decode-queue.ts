/**
 * How many images sharp may decode at the same time in this process. Decoding is the one step
 * whose cost the sender chooses (up to IMAGE_MAX_PIXELS each); two at a time keep a burst of
 * uploads from taking every core and a few hundred MB each, while the rest of the API keeps answering.
 */
export const IMAGE_DECODE_CONCURRENCY = 2;

export interface DecodeQueue {
  /** Runs `job` once fewer than the limit are running; later callers wait their turn in order. */
  run<T>(job: () => Promise<T>): Promise<T>;
}

/** A first-come, first-served semaphore: at most `limit` jobs run at once. */
export function createDecodeQueue(limit: number): DecodeQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // The freed slot goes straight to the next waiter, so a newcomer cannot jump the queue.
    if (next) next();
    else running--;
  };
  return {
    async run(job) {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}

/** The process-wide queue every sharp call on an image goes through. */
export const imageDecodeQueue = createDecodeQueue(IMAGE_DECODE_CONCURRENCY);
