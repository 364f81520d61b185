import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The edit token is the owner's only credential, so it never reaches a log line:
 * every logged path has the segment after /edit/ replaced.
 */
export function redactPath(url: string): string {
  return url.replace(/\/edit\/[^/?#]+/g, '/edit/[gizli]');
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    // Passwords, cookies and session ids are never in what we log; these paths are a second fence.
    redact: {
      paths: ['password', '*.password', 'req.headers.cookie', 'res.headers["set-cookie"]', 'sessionID'],
      censor: '[gizli]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
