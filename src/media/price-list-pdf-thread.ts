/**
 * Price list PDFs drawn off the main thread: pdfkit's loading, the fonts' parsing, the layout of
 * 500 items and the font subset at the end take one to two seconds of CPU on a small VPS, which on
 * the event loop held every other request (`/healthz` included) that long. One worker thread
 * draws them one after the other and ends a while after its last one, so its memory (its own
 * heap, pdfkit and the fonts, some 30 MB) is held only while PDFs are asked for.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PrintedPriceList } from './price-list-pdf.js';
import type { PdfAnswer, PdfRequest } from './price-list-pdf-worker.js';
import type { PrintBrand } from './print-layout.js';

/** How long the thread waits for the next PDF before it ends. */
const IDLE_MS = 30_000;
/**
 * Its heap: a 500-item list needs a few megabytes; the limit keeps a runaway drawing from taking the
 * host's memory, and a young generation as small as the main thread's (`npm start`) keeps its peak low.
 */
const LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 2 } as const;

/**
 * The worker's entry beside this file: the compiled `.js` in production; in development and tests
 * the `.ts` source, which the thread reads through tsx's loader, registered first (a worker's
 * entry does not go through loaders given as `--import`). tsx's ESM API is its `.mjs` build.
 */
function entry(): string {
  const source = import.meta.url.endsWith('.ts');
  const file = new URL(source ? './price-list-pdf-worker.ts' : './price-list-pdf-worker.js', import.meta.url).href;
  if (!source) return `import(${JSON.stringify(file)});`;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`;
}

type Waiting = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

export class PriceListPdfThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  draw(list: PrintedPriceList, brand: PrintBrand | undefined): Promise<Buffer> {
    const worker = this.started();
    const id = this.nextId++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    worker.ref();
    // The logo is not printed on the list; the rest of the brand is plain data for the thread.
    const request: PdfRequest = {
      id,
      list,
      brand: brand ? { name: brand.name, url: brand.url, accentColor: brand.accentColor } : undefined,
    };
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(entry(), { eval: true, resourceLimits: LIMITS });
    worker.on('message', (answer: PdfAnswer) => this.answered(answer));
    worker.on('error', (err) => this.failed(worker, err));
    worker.on('exit', (code) => this.failed(worker, new Error(`price list PDF thread ended (${code})`)));
    this.worker = worker;
    return worker;
  }

  private answered(answer: PdfAnswer): void {
    const waiting = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if (waiting) {
      if ('pdf' in answer)
        waiting.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else waiting.reject(new Error(answer.error));
    }
    if (this.waiting.size === 0) this.rest();
  }

  /** Nothing to draw: the thread no longer keeps the process up, and ends after IDLE_MS. */
  private rest(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    this.idle = setTimeout(() => {
      if (this.worker === worker && this.waiting.size === 0) void this.stop();
    }, IDLE_MS);
    this.idle.unref();
  }

  private failed(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiting of this.waiting.values()) waiting.reject(err);
    this.waiting.clear();
  }

  /** Ends the thread (at shutdown, or idle). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
