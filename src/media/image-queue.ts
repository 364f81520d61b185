/**
 * Image work (decoding and re-encoding an upload with sharp) one job at a time, with a short
 * line of jobs waiting. A decoded image is the largest thing the server holds; one at a time
 * keeps the peak of four phone photos arriving together at one photo's, and leaves the other
 * core to the pages (docs/architecture.md, Memory). When the line is full the upload is
 * refused with a 503 the owner can simply retry, rather than piling up memory.
 */
import { ServiceUnavailableError } from '../errors.js';

const messages = {
  busy: 'Sunucu şu anda çok sayıda görsel işliyor. Lütfen birkaç saniye sonra tekrar deneyin.',
} as const;

/** The upload could not be queued; nothing was stored. */
export class ImageQueueFullError extends ServiceUnavailableError {
  constructor() {
    super(messages.busy);
  }
}

export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `job` when a slot is free; throws ImageQueueFullError when too many already wait. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ImageQueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next job in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** One image at a time (sharp itself runs one thread per image, set in server.ts); 16 may wait. */
export const imageWork = new WorkQueue(1, 16);
