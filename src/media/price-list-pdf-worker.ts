/**
 * The thread that draws price list PDFs (price-list-pdf-thread.ts starts it): it takes a list and
 * the brand, draws the PDF and posts its bytes back, one list at a time.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderPriceListPdf, type PrintedPriceList } from './price-list-pdf.js';
import type { PrintBrand } from './print-layout.js';

export interface PdfRequest {
  id: number;
  list: PrintedPriceList;
  brand: PrintBrand | undefined;
}

/**
 * A drawing is work that can wait: on a host with few cores, at the priority of the event loop's
 * thread it took the core from it for tens of milliseconds at a time. Linux schedules threads
 * each with its own priority, and lowering one's own needs no privilege; elsewhere it stays as it is.
 */
const BACKGROUND_NICENESS = 10;
try {
  os.setPriority(Math.min(19, os.getPriority() + BACKGROUND_NICENESS));
} catch {
  // A platform that does not let a thread lower its own priority: drawn at the usual one.
}

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: PdfRequest) => {
  renderPriceListPdf(request.list, request.brand).then(
    (drawn) => {
      // A Buffer may sit in memory Node will not hand to another thread (Node 26 refuses to transfer it, and the
      // PDF answered 500); a copy of its own, a few hundred KB at most, always moves.
      const pdf = new Uint8Array(drawn);
      parentPort?.postMessage({ id: request.id, pdf } satisfies PdfAnswer, [pdf.buffer]);
    },
    (err: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies PdfAnswer),
  );
});
