import { describe, expect, it } from 'vitest';
import { ImageQueueFullError, WorkQueue } from '../../../src/media/image-queue.js';

/** A job that finishes when the test says so, and records when it started. */
function gate(log: string[], name: string): { job: () => Promise<string>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    job: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs one job at a time, the others in the order they came', async () => {
    const queue = new WorkQueue(1, 5);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(log, name)) as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ];
    const results = [queue.run(a.job), queue.run(b.job), queue.run(c.job)];
    await tick();
    expect(log).toEqual(['start a']);
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    c.open();
    b.open();
    await tick();
    expect(log).toEqual(['start a']);
    a.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job with a Turkish 503 when the line is full, and takes jobs again once it moves', async () => {
    const queue = new WorkQueue(1, 1);
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');
    const running = queue.run(first.job);
    const waiting = queue.run(second.job);
    const refused = await queue.run(async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ImageQueueFullError);
    expect((refused as ImageQueueFullError).status).toBe(503);
    expect((refused as Error).message).toBe(
      'Sunucu şu anda çok sayıda görsel işliyor. Lütfen birkaç saniye sonra tekrar deneyin.',
    );
    first.open();
    second.open();
    await Promise.all([running, waiting]);
    expect(await queue.run(async () => 'again')).toBe('again');
  });

  it('frees the slot when a job fails', async () => {
    const queue = new WorkQueue(1, 1);
    await expect(queue.run(() => Promise.reject(new Error('bozuk')))).rejects.toThrow('bozuk');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => 1)).toBe(1);
  });

  it('runs as many jobs at once as it has slots', async () => {
    const queue = new WorkQueue(2, 0);
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const both = [queue.run(a.job), queue.run(b.job)];
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(ImageQueueFullError);
    a.open();
    b.open();
    await Promise.all(both);
  });
});
